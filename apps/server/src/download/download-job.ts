// One download job, as a short pipeline: check the link, download it with yt-dlp, finish it into
// the asked format, store it, tell the task. Its folder is removed whatever happened, before the
// task is told, so a finished task never has a folder left behind. A failure is logged once for
// the operator with yt-dlp's own error line (secrets masked); the visitor sees only its message.
import { safeTitle } from '@grabbit/contracts';
import { platformById, targetSizeMegabyte, type Platform } from '@grabbit/catalog';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config/env';
import { AppError } from '../core/app-error';
import { redactSecrets } from '../core/redact';
import type { EngineContext } from '../engines/engine-run';
import { applySponsorEdit } from '../encode/sponsor-edit';
import { outputTarget } from '../encode/output-targets';
import { audioKbps, download, type ChosenFormat, type TagSource } from '../ytdlp';
import type { ResultStore } from '../storage/result-store';
import type { DownloadJobData, ProductJobHandler } from '../jobs/job-types';
import { handedBack } from '../jobs/hand-back';
import { downloadFailures } from './failures';
import { finalizeMedia, probeDownload, probeFinished } from './finalize';
import { fileNameFor } from './file-names';
import { chapterZip } from './chapter-zip';
import { chaptersInSection, chaptersOf, fileTagsOf, wantsCover } from './file-tags';
import { downloadShareOf, jobProgress } from './job-progress';
import { checkLink } from './link-check';
import type { DurationLimit } from './url-rules';
import {
  cookiesFileIn,
  folderExists,
  infoJsonFileIn,
  makeJobFolder,
  ownJobFolder,
  removeJobFolder,
} from './job-folder';
import { LiveSend } from './live-send';
import { SponsorBlock } from './sponsor-block';
import { sponsorStep, type SponsorStep } from './sponsor-step';
import type { LiveDownloads } from './live-downloads';
import { TaskStore } from './task-store';

/** How long a retagged file's finishing waits for the copy of the answer sent while it was written. */
const answerFirstMs = 5000;

export interface DownloadDeps {
  config: Config;
  tasks: TaskStore;
  results: ResultStore;
  jobsRoot: string;
  log: FastifyBaseLogger;
  /** Direct downloads waiting in this process, sent while yt-dlp writes when that is safe. */
  live?: LiveDownloads;
  /** SponsorBlock's segments, asked with its answers kept per video (one per handler by default). */
  sponsorBlock?: SponsorBlock;
}

/** The handler of `download` jobs. */
export function downloadJobHandler(given: DownloadDeps): ProductJobHandler<'download'> {
  const { config } = given;
  const deps = {
    ...given,
    sponsorBlock:
      given.sponsorBlock ??
      new SponsorBlock({
        apiUrl: config.SPONSORBLOCK_API_URL,
        timeoutMs: config.SPONSORBLOCK_TIMEOUT_MS,
        testHosts: config.MEDIA_TEST_HOSTS,
      }),
  };
  return (data, { signal }) => runDownload(deps, data, signal);
}

type Deps = DownloadDeps & { sponsorBlock: SponsorBlock };

type Input = DownloadJobData & { platform: Platform };

async function runDownload(deps: Deps, data: DownloadJobData, signal: AbortSignal): Promise<void> {
  const { tasks } = deps;
  // A prepared folder is used only when it is one of ours (the data may come from a queue).
  const prepared = data.jobDir ? ownJobFolder(deps.jobsRoot, data.jobDir) : undefined;
  // Handed back before it began: the next worker needs the prepared folder as it is.
  if (handedBack(signal)) throw signal.reason;
  const platform = platformById(data.platformId);
  // A job run again after its task finished (its worker stopped right after the end) has no work.
  const finished = await tasks.get(data.taskId).then((task) => !task || TaskStore.isFinished(task));
  if (signal.aborted || !platform || finished) {
    if (prepared) await removeJobFolder(prepared);
    const { code, message } = downloadFailures.cancelled();
    return void (await tasks.fail(data.taskId, { code, message }));
  }
  const dir =
    prepared && (await folderExists(prepared)) ? prepared : await makeJobFolder(deps.jobsRoot, data.taskId);
  const limit: { duration?: DurationLimit } = {};
  let settle: () => Promise<void>;
  try {
    const stored = await downloadAndStore(deps, { ...data, platform }, { dir, prepared, signal, limit });
    settle = () => tasks.complete(data.taskId, stored);
  } catch (error) {
    if (handedBack(signal)) {
      // Another worker runs it again: the task stays as it is, a prepared folder stays for it.
      if (dir !== prepared) await removeJobFolder(dir);
      throw signal.reason;
    }
    const failure = visitorFailure(error, limit.duration);
    logFailure(deps.log, data, failure, error);
    settle = () => tasks.fail(data.taskId, { code: failure.code, message: failure.message });
  }
  await removeJobFolder(dir);
  await settle();
}

interface RunState {
  dir: string;
  prepared: string | undefined;
  signal: AbortSignal;
  /** Filled in once the link is checked: the refusal to give when the media is too long. */
  limit: { duration?: DurationLimit };
}

/** SponsorBlock's part, when asked of a platform whose videos it knows. */
function askSponsorBlock(deps: Deps, input: Input, videoId: string | undefined, signal: AbortSignal) {
  const mode = input.sponsorBlock;
  if (!mode || mode === 'off' || !input.platform.sponsorBlock) return Promise.resolve<SponsorStep>({});
  const { startTime, endTime, taskId } = input;
  return sponsorStep(
    deps.sponsorBlock,
    { mode, videoId, startTime, endTime },
    { log: deps.log, taskId, signal },
  );
}

async function downloadAndStore(deps: Deps, input: Input, run: RunState) {
  const { config, tasks } = deps;
  const { taskId } = input;
  const started = Date.now();
  const downloadShare = downloadShareOf(input.targetSizeMB !== undefined);
  const progress = jobProgress(tasks, taskId, downloadShare);
  await tasks.progress(taskId, { status: 'downloading', stage: 'downloading', progress: 0 });
  const link = await checkLink(input.url, input.platform, {
    testHosts: config.MEDIA_TEST_HOSTS,
    maxDurationSeconds: config.DOWNLOAD_MAX_DURATION_SECONDS,
    signal: run.signal,
  });
  run.limit.duration = link.duration;
  // The visitor's own cookie file, written by the process that accepted the task; a link
  // previewed minutes ago comes with its info JSON, so yt-dlp does not read the site again.
  const visitorCookiesFile = run.prepared ? await cookiesFileIn(run.prepared) : undefined;
  const infoJsonFile = run.prepared && !visitorCookiesFile ? await infoJsonFileIn(run.prepared) : undefined;
  // The finishing step gets at least 10 s, even when yt-dlp used most of the budget.
  const engineContext: EngineContext = {
    workDir: run.dir,
    signal: run.signal,
    get deadline() {
      return Math.max(Date.now() + 10_000, started + config.DOWNLOAD_TIMEOUT_SECONDS * 1000);
    },
  };
  const probe = (media: string) => probeDownload(config, media, engineContext);
  const extras = { subtitles: Boolean(input.subtitles), audioKbps: audioKbps(input.quality) };
  // A target size reads rates the head does not tell, and a cut needs the exact length: the
  // engine's probe.
  const probeResult = (media: string) =>
    input.targetSizeMB === undefined && !input.sponsorBlock
      ? probeFinished(config, media, engineContext, { format: input.format, extras })
      : probe(media);
  const tagsOf = (info: TagSource) => (input.tags === false ? undefined : fileTagsOf(info, link.url));
  // A visitor waiting here for the file itself may get it while yt-dlp still writes it.
  const live = deps.live?.wanted(taskId)
    ? new LiveSend({
        live: deps.live,
        input,
        dir: run.dir,
        maxDurationSeconds: link.duration.seconds,
        probe,
        tagsOf,
      })
    : undefined;
  let output: string | undefined;
  try {
    const downloaded = await download(
      config,
      { url: link.url, platform: input.platform, allowGeneric: input.isTestHost },
      { ...input, writeCover: wantsCover(input.format, input) },
      run.dir,
      (bytes) => {
        progress.bytes(bytes);
        live?.progress(bytes);
      },
      {
        signal: run.signal,
        timeoutMs: config.DOWNLOAD_TIMEOUT_SECONDS * 1000,
        maxDurationSeconds: link.duration.seconds,
        ...(input.owner ? { client: input.owner } : {}),
        ...(visitorCookiesFile ? { visitorCookiesFile } : {}),
        ...(infoJsonFile ? { infoJsonFile } : {}),
        onPostprocess: progress.processing,
        ...(live ? { onChosen: (format: ChosenFormat) => live.chose(format) } : {}),
        // The answer being sent is checked against the finished file while that file is probed.
        probe: async (media) => (await Promise.all([live?.confirm(media), probeResult(media)]))[1],
      },
    );
    const { info } = downloaded;
    await tasks.progress(taskId, {
      status: 'processing',
      stage: 'processing',
      progress: downloadShare,
      title: safeTitle(info.title),
      thumbnailUrl: info.thumbnail,
    });
    const sponsor = await askSponsorBlock(deps, input, info.id, run.signal);
    // A section keeps the chapters it overlaps, timed from its start.
    const chapters = chaptersInSection(chaptersOf(info), input);
    // The tags a file sent while it was written carries already: the same, written the same way.
    const tags = live?.sentTags ?? tagsOf(info);
    // Its finishing is the copy written as the answer was sent (the grown index moves the media,
    // so a retag copies the whole file), once the answer gave out its last bytes.
    const retagged = live?.sentTags ? await live.sentCopy(answerFirstMs) : undefined;
    const finished = await finalizeMedia({
      engines: config,
      context: engineContext,
      input: downloaded.file,
      ...(downloaded.probe ? { probe: downloaded.probe } : {}),
      format: input.format,
      maxDurationSeconds: link.duration.seconds,
      extras: {
        ...extras,
        ...(tags ? { tags, ...(downloaded.cover ? { cover: downloaded.cover } : {}) } : {}),
        chapters,
        ...(sponsor.edit ? { sponsor: sponsor.edit } : {}),
      },
      ...(input.targetSizeMB ? { targetBytes: Math.floor(input.targetSizeMB * targetSizeMegabyte) } : {}),
      onProgress: progress.finishing,
      ...(retagged ? { retagged } : {}),
    });
    const target = outputTarget(input.format);
    // The chapters the finished file has: moved by a cut, or split around marked segments.
    const splitAt = sponsor.edit
      ? applySponsorEdit(sponsor.edit, chapters, sectionLength(info.duration, input), tags?.title ?? '')
          .chapters
      : chapters;
    const zip =
      input.splitChapters && (target.kind === 'audio' || target.kind === 'video')
        ? await chapterZip(config, finished, target, splitAt, engineContext, progress.finishing)
        : undefined;
    output = zip ?? finished;
    const fileName = fileNameFor(info.title, zip ? 'zip' : target.extension);
    // The file as it will be stored: a visitor already receiving it gets its end (or a cut-off).
    await live?.end(output);
    const stored = await deps.results.put(output, {
      fileName,
      contentType: zip ? 'application/zip' : target.contentType,
    });
    return {
      fileId: stored.fileId,
      fileName,
      fileSize: stored.size,
      expiresAt: stored.expiresAt,
      title: safeTitle(info.title, fileName),
      thumbnailUrl: info.thumbnail,
      ...(sponsor.notice ? { notice: sponsor.notice } : {}),
    };
  } catch (error) {
    if (live && output === undefined) await live.end(undefined);
    throw error;
  }
}

/** Seconds of the downloaded section of a video of `duration` (unknown when the site did not say). */
function sectionLength(duration: number | undefined, clip: Input): number | undefined {
  if (duration === undefined) return undefined;
  return Math.min(duration, clip.endTime ?? Infinity) - (clip.startTime ?? 0);
}

/** What the visitor is told: the error's own code and words, or the link's long-media refusal. */
function visitorFailure(error: unknown, duration: DurationLimit | undefined): AppError {
  const failure = error instanceof AppError ? error : new AppError('DOWNLOAD_FAILED', 'Download failed');
  if (failure.code === 'MEDIA_TOO_LONG' && duration?.refusal)
    return new AppError(duration.refusal.code, duration.refusal.message);
  return failure;
}

/** One warning line per failed download: task, platform, code and the engine's own line. */
function logFailure(log: FastifyBaseLogger, data: DownloadJobData, failure: AppError, error: unknown): void {
  const cause = error instanceof Error && typeof error.cause === 'string' ? error.cause : undefined;
  const fields = {
    taskId: data.taskId,
    platform: data.platformId,
    code: failure.code,
    ...(cause ? { engineError: redactSecrets(cause) } : {}),
  };
  // An engine that crashed is the operator's to fix, not the visitor's link: an error line.
  if (failure.code === 'ENGINE_FAILED') log.error(fields, 'download failed');
  else if (error instanceof AppError) log.warn(fields, 'download failed');
  else log.error({ ...fields, err: error }, 'download failed');
}
