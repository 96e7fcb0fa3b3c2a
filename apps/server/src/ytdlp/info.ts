// Reads a link's information with yt-dlp (no download) in its own empty folder, with a timeout.
import { mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import { AppError } from '../core/app-error';
import { proxyEnvironment } from '../net/egress-guard';
import { engineEnv } from '../engines/engine-env';
import { runCommand } from '../engines/run-command';
import { buildInfoArgs, type InfoMode, type YtDlpSafety } from './args';
import { ytDlpError } from './errors';

/** The parts of yt-dlp's info JSON that the downloader uses. */
export interface YtDlpInfo {
  _type?: string;
  id?: string;
  title?: string;
  url?: string;
  webpage_url?: string;
  thumbnail?: string;
  thumbnails?: { url?: string }[];
  duration?: number;
  filesize?: number;
  filesize_approx?: number;
  width?: number;
  height?: number;
  ext?: string;
  vcodec?: string;
  acodec?: string;
  entries?: (YtDlpInfo | null)[];
}

export interface InfoRequest extends YtDlpSafety {
  ytDlpPath: string;
  url: string;
  mode: InfoMode;
  timeoutMs: number;
  /** A folder to run in (and hold the cookie file); a fresh one is made under workRoot otherwise. */
  workDir?: string;
  workRoot: string;
}

export async function readYtDlpInfo(request: InfoRequest): Promise<YtDlpInfo> {
  const ownDir = request.workDir ? undefined : await mkdtemp(path.join(request.workRoot, 'info-'));
  try {
    const result = await runCommand(request.ytDlpPath, buildInfoArgs(request), {
      cwd: request.workDir ?? ownDir,
      env: engineEnv({ ...proxyEnvironment(request.proxyUrl), ...request.engineEnv }),
      timeoutMs: request.timeoutMs,
      maxOutputChars: 32 * 1024 * 1024,
    });
    if (result.timedOut)
      throw new AppError('DOWNLOAD_TIMEOUT', 'Reading this link took too long. Please try again.');
    if (result.code !== 0) throw ytDlpError(result.stderr);
    try {
      return JSON.parse(result.stdout) as YtDlpInfo;
    } catch {
      throw new AppError('DOWNLOAD_FAILED', 'Download failed');
    }
  } finally {
    if (ownDir) await rm(ownDir, { recursive: true, force: true });
  }
}

/** The best thumbnail address an info object names. */
export function thumbnailOf(info: YtDlpInfo): string | null {
  return info.thumbnail ?? info.thumbnails?.at(-1)?.url ?? null;
}

/** An entry's own link, without yt-dlp's internal "smuggled" data in the fragment. */
export function entryUrl(entry: YtDlpInfo): string | undefined {
  const link = entry.url ?? entry.webpage_url;
  return link?.replace(/#__youtubedl_smuggle=.*$/, '');
}
