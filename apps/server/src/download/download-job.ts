// One download job: an empty folder, yt-dlp with the platform's rules, the finishing step, the
// result moved into the result store, and the folder removed whatever happened. Progress goes to
// the task store (and from there to the hub): bytes up to 90, the finishing step up to 99, then 100.
import type { ClipOptions, DownloadFormatName, Quality } from '@grabbit/contracts';
import type { Platform } from '@grabbit/catalog';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config/env';
import { AppError } from '../http/app-error';
import type { ResultStore } from '../storage/result-store';
import { fileNameFor } from './file-names';
import { downloadFailures } from './failures';
import { finalizeMedia, probeMedia } from './finalize';
import { outputTarget } from './formats';
import type { InfoCache } from './info-cache';
import { audioKbps } from '../media/ytdlp-sections';
import { resolveLink } from './link-resolver';
import { durationLimitFor, type DurationLimit } from './url-rules';
import { makeJobFolder, removeJobFolder, writeInstagramCookies } from './job-folder';
import type { Job } from './runner';
import type { TaskStore } from './task-store';
import { runYtDlpDownload } from './ytdlp-run';

export interface DownloadDeps {
  config: Config;
  tasks: TaskStore;
  results: ResultStore;
  jobsRoot: string;
  log: FastifyBaseLogger;
  /** Links previewed minutes ago: their info JSON spares yt-dlp a second extraction. */
  infoCache?: InfoCache;
}

export interface DownloadJobInput extends ClipOptions {
  taskId: string;
  platform: Platform;
  url: string;
  isTestHost: boolean;
  format: DownloadFormatName;
  quality: Quality;
  removeWatermark: boolean;
  itemIndex?: number;
  /** The visitor's own Instagram session, for this job only: never logged, deleted with the folder. */
  instagramCookies?: string;
}

const downloadShare = 90;
/** Progress events at most this often (plus every whole-percent step), so the hub is not flooded. */
const progressIntervalMs = 250;

export function downloadJob(deps: DownloadDeps, input: DownloadJobInput): Job {
  return { id: input.taskId, run: (signal) => runDownload(deps, input, signal) };
}

async function runDownload(deps: DownloadDeps, input: DownloadJobInput, signal: AbortSignal): Promise<void> {
  const { tasks, config } = deps;
  const { taskId } = input;
  if (signal.aborted) {
    const { code, message } = downloadFailures.cancelled();
    return tasks.fail(taskId, { code, message });
  }
  const started = Date.now();
  const dir = await makeJobFolder(deps.jobsRoot);
  let durationLimit: DurationLimit | undefined;
  // Published only once the folder is gone, so a finished task never has a folder left behind.
  let settle: () => void;
  try {
    tasks.progress(taskId, { status: 'downloading', stage: 'downloading', progress: 0 });
    const url = await resolveLink(input.url, {
      platform: input.platform,
      testHosts: config.MEDIA_TEST_HOSTS,
      signal,
    });
    durationLimit = durationLimitFor(url, input.platform, config.DOWNLOAD_MAX_DURATION_SECONDS);
    const cookiesFile = input.instagramCookies
      ? await writeInstagramCookies(dir, input.instagramCookies)
      : undefined;
    // A single video without the visitor's cookies: the preview's info JSON is theirs to reuse.
    const infoJsonFile =
      input.itemIndex === undefined && !cookiesFile
        ? await deps.infoCache?.writeInfoJson(input.platform.id, input.url, dir)
        : undefined;
    let lastSent = 0;
    let lastPercent = -1;
    const { file, info, probe } = await runYtDlpDownload({
      ...input,
      url,
      ytDlpPath: config.YTDLP_PATH,
      allowGeneric: input.isTestHost,
      maxBytes: config.DOWNLOAD_MAX_BYTES,
      maxDurationSeconds: durationLimit.seconds,
      cookiesFile,
      infoJsonFile,
      jobDir: dir,
      timeoutMs: config.DOWNLOAD_TIMEOUT_SECONDS * 1000,
      signal,
      onProgress: (p) => {
        const percent = p.percent === null ? lastPercent : Math.floor(p.percent);
        const now = Date.now();
        if (percent === lastPercent && now - lastSent < progressIntervalMs) return;
        lastSent = now;
        lastPercent = percent;
        tasks.progress(
          taskId,
          { progress: (Math.max(0, percent) * downloadShare) / 100 },
          { speed: p.speed, eta: p.eta },
        );
      },
      onPostprocess: () => tasks.progress(taskId, { status: 'processing', stage: 'processing' }),
      probe: (media) => probeMedia(config.FFPROBE_PATH, media),
    });
    tasks.progress(taskId, {
      status: 'processing',
      stage: 'processing',
      progress: downloadShare,
      title: info.title,
      thumbnailUrl: info.thumbnail,
    });
    const remainingMs = Math.max(10_000, config.DOWNLOAD_TIMEOUT_SECONDS * 1000 - (Date.now() - started));
    const output = await finalizeMedia({
      ffmpegPath: config.FFMPEG_PATH,
      ffprobePath: config.FFPROBE_PATH,
      input: file,
      probe,
      format: input.format,
      maxDurationSeconds: durationLimit.seconds,
      timeoutMs: remainingMs,
      signal,
      extras: { subtitles: Boolean(input.subtitles), audioKbps: audioKbps(input.quality) },
      onProgress: (fraction) =>
        tasks.progress(taskId, { progress: downloadShare + fraction * (99 - downloadShare) }),
    });
    const target = outputTarget(input.format);
    const fileName = fileNameFor(info.title, target.extension);
    const stored = await deps.results.put(output, { fileName, contentType: target.contentType });
    settle = () =>
      tasks.complete(taskId, {
        fileId: stored.fileId,
        filePath: stored.path,
        fileName,
        fileSize: stored.size,
        title: info.title ?? fileName,
        thumbnailUrl: info.thumbnail,
      });
  } catch (error) {
    if (!(error instanceof AppError)) deps.log.error({ err: error, taskId }, 'download job failed');
    let failure = error instanceof AppError ? error : new AppError('DOWNLOAD_FAILED', 'Download failed', 502);
    if (failure.code === 'MEDIA_TOO_LONG' && durationLimit?.refusal) failure = durationLimit.refusal;
    settle = () => tasks.fail(taskId, { code: failure.code, message: failure.message });
  } finally {
    await removeJobFolder(dir);
  }
  settle();
}
