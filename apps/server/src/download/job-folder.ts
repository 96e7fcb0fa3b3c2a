// Each job gets its own empty folder under DATA_DIR/jobs, removed when the job ends however it ends.
import { access, mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Platform } from '@grabbit/catalog';
import { isId, newId } from '../core/ids';

/**
 * A new empty job folder. Named after the job's task when given, so a job started again after its
 * worker died (scaled mode) replaces what the dead run left behind instead of orphaning it.
 */
export async function makeJobFolder(jobsRoot: string, name: string = newId()): Promise<string> {
  const dir = path.join(jobsRoot, isId(name) ? name : newId());
  await rm(dir, { recursive: true, force: true });
  await mkdir(dir, { recursive: true, mode: 0o700 });
  return dir;
}

/** The folder when it is a job folder directly under `jobsRoot`, else undefined. */
export function ownJobFolder(jobsRoot: string, dir: string): string | undefined {
  const resolved = path.resolve(dir);
  return path.dirname(resolved) === path.resolve(jobsRoot) && isId(path.basename(resolved))
    ? resolved
    : undefined;
}

/** Whether a folder is there (a job run again finds its prepared folder, unless it was removed). */
export function folderExists(dir: string): Promise<boolean> {
  return access(dir).then(
    () => true,
    () => false,
  );
}

export async function removeJobFolder(dir: string): Promise<void> {
  await rm(dir, { recursive: true, force: true });
}

const cookiesName = 'cookies.txt';
const infoJsonName = 'info.json';

/** A file the accepting process wrote into a job folder, when it is there. */
function fileIn(dir: string, name: string): Promise<string | undefined> {
  const file = path.join(dir, name);
  return access(file).then(
    () => file,
    () => undefined,
  );
}

/** The cookie file the accepting process wrote into a job folder, when there is one. */
export const cookiesFileIn = (dir: string) => fileIn(dir, cookiesName);

/** The link's info JSON (read moments ago for its preview) in a job folder, when there is one. */
export const infoJsonFileIn = (dir: string) => fileIn(dir, infoJsonName);

/** Hands a job the link's info JSON: yt-dlp then downloads without extracting it again. */
export async function writeInfoJson(dir: string, json: string): Promise<void> {
  await writeFile(path.join(dir, infoJsonName), json, { mode: 0o600 });
}

/**
 * Writes the visitor's session cookie (Instagram's) as a Netscape cookie file of the platform's
 * cookie domain inside the job folder, readable by the server only; the run moves it into its own
 * private folder before yt-dlp starts (ytdlp/access.ts), so no media file can name it. Accepts
 * "sessionid=...; csrftoken=..." or a bare session id. A platform that takes none gets no file.
 */
export async function writeSessionCookies(
  dir: string,
  platform: Platform,
  cookieText: string,
): Promise<string | undefined> {
  const domain = platform.sessionCookie?.domain;
  if (!domain) return undefined;
  const pairs = cookieText.includes('=')
    ? cookieText.split(';').map((part) => part.trim().split(/=(.*)/s).slice(0, 2) as [string, string])
    : [['sessionid', cookieText.trim()] as [string, string]];
  const expires = Math.floor(Date.now() / 1000) + 3600;
  const lines = pairs
    .filter(([name, value]) => /^[\w.-]+$/.test(name ?? '') && value !== undefined && !/[\t\r\n]/.test(value))
    .map(([name, value]) => [domain, 'TRUE', '/', 'TRUE', String(expires), name, value].join('\t'));
  const file = path.join(dir, cookiesName);
  await writeFile(file, `# Netscape HTTP Cookie File\n${lines.join('\n')}\n`, { mode: 0o600 });
  return file;
}
