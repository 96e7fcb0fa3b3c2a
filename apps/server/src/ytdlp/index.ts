// The yt-dlp module: everything the downloader needs from yt-dlp behind two calls. `readInfo`
// reads a link's information, `download` fetches one media file into a job folder with progress.
// Both prepare the run's access (an operator session, runtime, impersonation, a route) and run
// behind their own egress guard, so no yt-dlp run reaches the network any other way; a failure the
// site blames on the session or route is tried again with another pair (access-run.ts).
import type { Platform } from '@grabbit/catalog';
import type { ClipOptions, DownloadFormatName, Quality } from '@grabbit/contracts';
import type { Config } from '../config/env';
import type { ProbeResult } from '../engines/ffprobe';
import type { PinnedAccess } from './access-choices';
import { runWithAccess } from './access-run';
import type { InfoMode } from './args';
import { removePartialMedia, runYtDlpDownload, type YtDlpRunResult } from './download';
import { readYtDlpInfo, type YtDlpInfo } from './info';
import type { ChosenFormat, DownloadProgress } from './progress';

export type { InfoMode } from './args';
export { entryUrl, thumbnailOf, type YtDlpInfo } from './info';
export type { ChosenFormat, DownloadResultInfo, DownloadProgress, TagSource } from './progress';
export { jsRuntimeFor, nodeRuntimeWarning, type YtDlpEngine } from './options';
export { accessReport, type AccessReport } from './access-health';
export { accessChoices, type PinnedAccess } from './access-choices';
export { openAccessPools, type AccessLog, type AccessSettings } from './access-pools';
export { RedisAccessLedger } from './redis-access-ledger';
export { audioKbps, sectionOf } from './sections';
export { ytDlpAgeDays, ytDlpAgeWarning, ytDlpFallbackWarning } from './release-age';
export { healthReport } from './health-report';
export { runFailures } from './download-failures';

/** A link as the downloader checked it: its platform, and whether the generic extractor may read it. */
export interface YtDlpLink {
  url: string;
  platform: Platform;
  /** A MEDIA_TEST_HOSTS link (offline tests only): the generic extractor may handle it. */
  allowGeneric: boolean;
}

/** What the visitor chose for one download. */
export interface DownloadChoice extends ClipOptions {
  format: DownloadFormatName;
  quality: Quality;
  removeWatermark: boolean;
  /** 1-based item of a multi-media post; otherwise only the linked video is fetched. */
  itemIndex?: number;
  /** Save the video's picture beside the media, for cover art. */
  writeCover?: boolean;
}

interface RunPlace {
  /** The visitor's own session cookie file (wins over the operator's for its run). */
  visitorCookiesFile?: string;
  /** The operator's session or route the run must use (a check of each), tried once. */
  pinned?: PinnedAccess;
  /** Whose run this is (its rate-limit key): bounds how often its failures may rest a session or route. */
  client?: string;
  timeoutMs: number;
}

export interface DownloadOptions extends RunPlace {
  signal: AbortSignal;
  maxDurationSeconds: number;
  /** The link's info JSON read moments ago (preview): yt-dlp downloads from it, not the site. */
  infoJsonFile?: string;
  onPostprocess: (name: string) => void;
  /** The format chosen, before its bytes arrive. */
  onChosen?: (format: ChosenFormat) => void;
  /** Started on the file as soon as yt-dlp names it, while yt-dlp is still exiting. */
  probe?: (file: string) => Promise<ProbeResult>;
}

/** The limits and platform rules every run gets. */
const safetyOf = (config: Config, link: YtDlpLink) => ({
  url: link.url,
  platform: link.platform,
  allowGeneric: link.allowGeneric,
  ytDlpPath: config.YTDLP_PATH,
  maxBytes: config.DOWNLOAD_MAX_BYTES,
});

/** Reads a link's information (one video, a post's items or a playlist's entries) in `folder`. */
export function readInfo(
  config: Config,
  link: YtDlpLink,
  mode: InfoMode,
  folder: string,
  place: RunPlace,
): Promise<YtDlpInfo> {
  return runWithAccess(config, link.platform, link.url, place, (proxyUrl, access) =>
    readYtDlpInfo({
      ...access,
      ...safetyOf(config, link),
      proxyUrl,
      mode,
      maxDurationSeconds: config.DOWNLOAD_MAX_DURATION_SECONDS,
      timeoutMs: place.timeoutMs,
      workDir: folder,
      workRoot: folder,
    }),
  );
}

/** Downloads one media file into `folder`; byte progress goes to `onProgress`. */
export function download(
  config: Config,
  link: YtDlpLink,
  choice: DownloadChoice,
  folder: string,
  onProgress: (progress: DownloadProgress) => void,
  options: DownloadOptions,
): Promise<YtDlpRunResult> {
  const beforeRetry = () => removePartialMedia(folder);
  return runWithAccess(config, link.platform, link.url, { ...options, beforeRetry }, (proxyUrl, access) =>
    runYtDlpDownload({
      ...choice,
      ...access,
      ...safetyOf(config, link),
      proxyUrl,
      maxDurationSeconds: options.maxDurationSeconds,
      ...(options.infoJsonFile ? { infoJsonFile: options.infoJsonFile } : {}),
      jobDir: folder,
      timeoutMs: options.timeoutMs,
      signal: options.signal,
      onProgress,
      onPostprocess: options.onPostprocess,
      ...(options.onChosen ? { onChosen: options.onChosen } : {}),
      ...(options.probe ? { probe: options.probe } : {}),
    }),
  );
}
