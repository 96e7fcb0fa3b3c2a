// How one yt-dlp run reaches its site: the JavaScript runtime (the project's Node 24), the remote
// challenge solver, the impersonation target, the ffmpeg guard, a cookie file in a private folder
// (one of the operator's sessions, its jar written back afterwards) and the platform's outbound proxy (the egress guard's upstream, never a --proxy of its own:
// yt-dlp takes the last --proxy it is given, and a second one would go around the guard). Options
// the installed yt-dlp does not know (Debian's fallback predates most of them) are left out rather
// than failing every download.
import { constants } from 'node:fs';
import { copyFile, mkdir, mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Platform } from '@grabbit/catalog';
import type { Config } from '../config/env';
import { ffmpegGuardArgs, ffmpegGuardEnv } from './ffmpeg-guard';
import { jsRuntimeFor, ytDlpOptions } from './options';
import { copySession, writeBackSession, type SessionCopy, type WriteBack } from './session-jar';
import { accessPoolsFor } from './access-pools';
import { takeRoute, type Route } from './route-pool';
import { refuseWithoutSession, sessionGiven } from './site-unavailable';
import type { PinnedAccess } from './access-choices';
import type { Session } from './session-pool';

/** Arguments that depend on the operator's settings (never the visitor's input). */
export async function engineArgs(config: Config): Promise<string[]> {
  const options = await ytDlpOptions(config.YTDLP_PATH);
  // yt-dlp's own ffmpeg steps run through the project's guard (ffmpeg-guard.ts).
  const args: string[] = [...ffmpegGuardArgs()];
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

/** Where the private folders of runs are made: beside the job folders, never inside one. */
export const privateRoot = (config: Config) => path.join(config.DATA_DIR, 'private');

interface RunCookies {
  file: string;
  folder: string;
  /** The operator's session the file is a copy of (its jar is written back after the run). */
  session?: SessionCopy;
}

/**
 * The cookie file of a run, in a private folder of its own (random name, 0700) outside the job
 * folder, so no media file yt-dlp or ffmpeg reads can name it: the visitor's own session file
 * when there is one (moved out of the job folder the accepting process wrote it to; it wins for
 * its job), else a copy of one of the operator's sessions for the platform (session-pool.ts). A
 * copy, because yt-dlp writes its cookie jar back when it ends and jobs run side by side; the
 * server copies the bytes without reading them into any log line. No session to give on a site
 * that needs a login refuses the run (site-unavailable.ts); elsewhere it goes without cookies.
 */
async function cookieFileFor(
  config: Config,
  platform: Platform,
  visitorCookiesFile?: string,
  pinnedSession?: Session,
): Promise<RunCookies | undefined> {
  const pools = accessPoolsFor(config);
  const session = visitorCookiesFile
    ? undefined
    : (pinnedSession ?? (await pools.sessions.take(platform.id)));
  if (!visitorCookiesFile) {
    if (!session) {
      await refuseWithoutSession(pools, platform);
      return undefined;
    }
    sessionGiven(pools, platform);
  }
  await mkdir(privateRoot(config), { recursive: true, mode: 0o700 });
  const folder = await mkdtemp(path.join(privateRoot(config), 'run-'));
  const file = path.join(folder, 'cookies.txt');
  try {
    if (session) {
      const copy = await copySession(session, file);
      if (!copy) throw new Error('session file gone');
      return { file, folder, session: copy };
    }
    await copyFile(visitorCookiesFile ?? '', file, constants.COPYFILE_EXCL);
    await rm(visitorCookiesFile ?? '', { force: true });
    return { file, folder };
  } catch {
    await rm(folder, { recursive: true, force: true });
    return undefined; // The file went away meanwhile: this run goes without cookies.
  }
}

/** How a session's jar goes back: the platform's hosts within the bounds, problems told once. */
function writeBackOf(config: Config, platform: Platform, session: Session): WriteBack {
  const { log, jarTrimTold } = accessPoolsFor(config);
  return {
    bounds: {
      // A test host (offline tests only) stands for the platform's site.
      hosts: [...platform.hosts, ...config.MEDIA_TEST_HOSTS.map((host) => host.replace(/:\d+$/, ''))],
      maxCookies: config.SESSION_JAR_MAX_COOKIES,
      maxBytes: config.SESSION_JAR_MAX_BYTES,
    },
    onFailure: (reason) =>
      log.warn(
        { platform: platform.id, session: session.id, reason },
        "writing a session's cookie jar back failed: the session keeps its older cookies",
      ),
    onDropped: (count) => {
      if (jarTrimTold.has(session.id)) return;
      jarTrimTold.add(session.id);
      log.warn(
        { platform: platform.id, session: session.id, dropped: count },
        "cookies of other sites or past SESSION_JAR_MAX_COOKIES / SESSION_JAR_MAX_BYTES were left out of a session's jar (told once per session)",
      );
    },
  };
}

export interface YtDlpAccess {
  cookiesFile?: string;
  engineArgs: string[];
  /** The guard's settings for yt-dlp's own ffmpeg runs (ffmpeg-guard.ts). */
  engineEnv: Record<string, string>;
  /** The operator's outbound proxy for this platform: for behindEgressGuard's `upstream`. */
  upstreamProxy?: string;
  /** The operator's session and route this run uses (their health is kept by their keys). */
  used: { session?: Session; route?: Route };
  /** Removes the run's private folder (its cookie file): called when the run has ended. */
  release(): Promise<void>;
}

/** Everything a run needs to reach the platform; release() once the run has ended. */
export async function ytDlpAccess(
  config: Config,
  platform: Platform,
  { visitorCookiesFile, pinned }: { visitorCookiesFile?: string; pinned?: PinnedAccess } = {},
): Promise<YtDlpAccess> {
  const args = await engineArgs(config);
  for (const value of config.YTDLP_EXTRACTOR_ARGS[platform.id] ?? []) args.push('--extractor-args', value);
  const cookies = await cookieFileFor(config, platform, visitorCookiesFile, pinned?.session);
  const route: Route | undefined =
    pinned?.route ?? (await takeRoute(accessPoolsFor(config).ledger, config.YTDLP_PROXIES, platform.id));
  return {
    ...(cookies ? { cookiesFile: cookies.file } : {}),
    engineArgs: args,
    engineEnv: await ffmpegGuardEnv(config),
    upstreamProxy: route?.url,
    used: { session: cookies?.session?.session, route },
    release: async () => {
      const copy = cookies?.session;
      if (copy) await writeBackSession(copy, writeBackOf(config, platform, copy.session));
      if (cookies) await rm(cookies.folder, { recursive: true, force: true });
    },
  };
}
