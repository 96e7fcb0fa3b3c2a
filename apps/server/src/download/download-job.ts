// One download job: an empty folder, yt-dlp with the platform's rules, the finishing step, the
// result moved into the result store, and the folder removed whatever happened. Progress goes to
// the task store (and from there to the hub): bytes up to 90, the finishing step up to 99, then 100.
import { platformById } from '@grabbit/catalog';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config/env';
import { AppError } from '../core/app-error';
import { behindEgressGuard } from '../net/egress-guard';
import type { ResultStore } from '../storage/result-store';
import { fileNameFor } from './file-names';
import { downloadFailures } from './failures';
import { finalizeMedia, probeDownload } from '../media/finalize';
import { outputTarget } from '../media/output-targets';
import { checkLink } from './link-check';
import type { DurationLimit } from './url-rules';
import type { DownloadJobData, JobHandler } from '../jobs/job-types';
import {
  cookiesFileIn,
  folderExists,
  infoJsonFileIn,
  makeJobFolder,
  ownJobFolder,
  removeJobFolder,
} from './job-folder';
import { handedBack } from '../jobs/hand-back';
import { audioKbps } from '../media/ytdlp/sections';
import { ytDlpAccess } from '../media/ytdlp/access';
import { TaskStore } from './task-store';
import { runYtDlpDownload } from '../media/ytdlp/download';

export interface DownloadDeps {
  config: Config;
  tasks: TaskStore;
  results: ResultStore;
  jobsRoot: string;
  log: FastifyBaseLogger;
}

const downloadShare = 90;
/** Progress events at most this often (plus every whole-percent step), so the hub is not flooded. */
const progressIntervalMs = 250;

/** The handler of `download` jobs. */
export function downloadJobHandler(deps: DownloadDeps): JobHandler<'download'> {
  return (data, signal) => runDownload(deps, data, signal);
}

async function runDownload(deps: DownloadDeps, data: DownloadJobData, signal: AbortSignal): Promise<void> {
  const { tasks, config } = deps;
  const { taskId } = data;
  // A prepared folder is used only when it is one of ours (the data may come from a queue).
  const prepared = data.jobDir ? ownJobFolder(deps.jobsRoot, data.jobDir) : undefined;
  // Handed back before it began: the next worker needs the prepared folder as it is.
  if (handedBack(signal)) throw signal.reason;
  const platform = platformById(data.platformId);
  // A job run again after its task finished (its worker stopped right after the end) has no work.
  const finished = await tasks.get(taskId).then((task) => !task || TaskStore.isFinished(task));
  if (signal.aborted || !platform || finished) {
    if (prepared) await removeJobFolder(prepared);
    const { code, message } = downloadFailures.cancelled();
    return void (await tasks.fail(taskId, { code, message }));
  }
  const input = { ...data, platform };
  const started = Date.now();
  const dir =
    prepared && (await folderExists(prepared)) ? prepared : await makeJobFolder(deps.jobsRoot, taskId);
  let durationLimit: DurationLimit | undefined;
  // Published only once the folder is gone, so a finished task never has a folder left behind.
  let settle: () => Promise<void>;
  try {
    await tasks.progress(taskId, { status: 'downloading', stage: 'downloading', progress: 0 });
    const link = await checkLink(input.url, input.platform, {
      testHosts: config.MEDIA_TEST_HOSTS,
      maxDurationSeconds: config.DOWNLOAD_MAX_DURATION_SECONDS,
      signal,
    });
    const { url } = link;
    durationLimit = link.duration;
    // The visitor's own cookie file, written by the process that accepted the task.
    const visitorCookies = prepared ? await cookiesFileIn(prepared) : undefined;
    // A link previewed minutes ago: yt-dlp downloads from its info JSON instead of extracting again.
    const infoJsonFile = prepared && !visitorCookies ? await infoJsonFileIn(prepared) : undefined;
    const { upstreamProxy, ...access } = await ytDlpAccess(config, input.platform, dir, visitorCookies);
    // The finishing step gets at least 10 s, even when yt-dlp used most of the budget.
    const engineContext = {
      workDir: dir,
      signal,
      get deadline() {
        return Math.max(Date.now() + 10_000, started + config.DOWNLOAD_TIMEOUT_SECONDS * 1000);
      },
    };
    let lastSent = 0;
    let lastPercent = -1;
    const limit = durationLimit;
    const { file, info, probe } = await behindEgressGuard(
      config.MEDIA_TEST_HOSTS,
      (proxyUrl) =>
        runYtDlpDownload({
          ...input,
          proxyUrl,
          url,
          ytDlpPath: config.YTDLP_PATH,
          allowGeneric: input.isTestHost,
          maxBytes: config.DOWNLOAD_MAX_BYTES,
          maxDurationSeconds: limit.seconds,
          ...access,
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
            void tasks.progress(
              taskId,
              { progress: (Math.max(0, percent) * downloadShare) / 100 },
              { speed: p.speed, eta: p.eta },
            );
          },
          onPostprocess: () => void tasks.progress(taskId, { status: 'processing', stage: 'processing' }),
          probe: (media) => probeDownload(config, media, engineContext),
        }),
      { upstream: upstreamProxy },
    );
    await tasks.progress(taskId, {
      status: 'processing',
      stage: 'processing',
      progress: downloadShare,
      title: info.title,
      thumbnailUrl: info.thumbnail,
    });
    const output = await finalizeMedia({
      engines: config,
      context: engineContext,
      input: file,
      probe,
      format: input.format,
      maxDurationSeconds: durationLimit.seconds,
      extras: { subtitles: Boolean(input.subtitles), audioKbps: audioKbps(input.quality) },
      onProgress: (fraction) =>
        void tasks.progress(taskId, { progress: downloadShare + fraction * (99 - downloadShare) }),
    });
    const target = outputTarget(input.format);
    const fileName = fileNameFor(info.title, target.extension);
    const stored = await deps.results.put(output, { fileName, contentType: target.contentType });
    settle = () =>
      tasks.complete(taskId, {
        fileId: stored.fileId,
        fileName,
        fileSize: stored.size,
        title: info.title ?? fileName,
        thumbnailUrl: info.thumbnail,
      });
  } catch (error) {
    if (handedBack(signal)) {
      // Another worker runs it again: the task stays as it is, a prepared folder stays for it.
      if (dir !== prepared) await removeJobFolder(dir);
      throw signal.reason;
    }
    if (!(error instanceof AppError)) deps.log.error({ err: error, taskId }, 'download job failed');
    let failure = error instanceof AppError ? error : new AppError('DOWNLOAD_FAILED', 'Download failed');
    if (failure.code === 'MEDIA_TOO_LONG' && durationLimit?.refusal)
      failure = new AppError(durationLimit.refusal.code, durationLimit.refusal.message);
    settle = () => tasks.fail(taskId, { code: failure.code, message: failure.message });
  }
  await removeJobFolder(dir);
  await settle();
}
