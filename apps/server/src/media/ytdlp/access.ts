// How one yt-dlp run reaches its site: the JavaScript runtime (the project's Node 24), the remote
// challenge solver, the impersonation target, a cookie file and the platform's outbound proxy (the
// egress guard's upstream, never a --proxy of its own: yt-dlp takes the last --proxy it is given,
// and a second one would go around the guard). Options the
// installed yt-dlp does not know (Debian's fallback predates most of them) are left out rather
// than failing every download.
import { constants } from 'node:fs';
import { copyFile } from 'node:fs/promises';
import path from 'node:path';
import type { Platform } from '@grabbit/catalog';
import type { Config } from '../../config/env';
import { jsRuntimeFor, ytDlpOptions } from './options';

/** Arguments that depend on the operator's settings (never the visitor's input). */
export async function engineArgs(config: Config): Promise<string[]> {
  const options = await ytDlpOptions(config.YTDLP_PATH);
  const args: string[] = [];
  // yt-dlp warns on every run that a release is old: /health says that once instead.
  if (options.has('--no-update')) args.push('--no-update');
  const runtime = await jsRuntimeFor(config);
  if (runtime) args.push('--js-runtimes', runtime);
  if (options.has('--remote-components')) {
    for (const component of config.YTDLP_REMOTE_COMPONENTS) args.push('--remote-components', component);
  }
  if (config.YTDLP_IMPERSONATE && options.has('--impersonate'))
    args.push('--impersonate', config.YTDLP_IMPERSONATE);
  return args;
}

/**
 * The cookie file of a run, inside its job folder: the visitor's own Instagram session file when
 * there is one (it wins for its job), else a copy of the operator's `COOKIES_DIR/<platform>.txt`.
 * A copy, because yt-dlp writes its cookie jar back when it ends and jobs run side by side; the
 * server copies the bytes without reading them, so they can reach no log line.
 */
async function cookieFileFor(
  config: Config,
  platform: Platform,
  jobDir: string,
  visitorCookiesFile?: string,
): Promise<string | undefined> {
  if (visitorCookiesFile) return visitorCookiesFile;
  if (!config.COOKIES_DIR) return undefined;
  const copy = path.join(jobDir, 'cookies.txt');
  try {
    await copyFile(path.join(config.COOKIES_DIR, `${platform.id}.txt`), copy, constants.COPYFILE_EXCL);
    return copy;
  } catch {
    return undefined; // No cookie file for this platform.
  }
}

export interface YtDlpAccess {
  cookiesFile?: string;
  engineArgs: string[];
  /** The operator's outbound proxy for this platform: for behindEgressGuard's `upstream`. */
  upstreamProxy?: string;
}

/** Everything a run needs to reach the platform, prepared in its job folder. */
export async function ytDlpAccess(
  config: Config,
  platform: Platform,
  jobDir: string,
  visitorCookiesFile?: string,
): Promise<YtDlpAccess> {
  return {
    cookiesFile: await cookieFileFor(config, platform, jobDir, visitorCookiesFile),
    engineArgs: await engineArgs(config),
    upstreamProxy: config.YTDLP_PROXIES[platform.id],
  };
}
