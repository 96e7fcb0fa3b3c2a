// The downloader's parts for one app: tasks, the job runner, the result store and playlist
// batches. Routes call this; it knows nothing about HTTP.
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { platformById, type Platform } from '@grabbit/catalog';
import type { ClipOptions, DownloadFormatName, DownloadTask, Quality } from '@grabbit/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config/env';
import { AppError } from '../core/app-error';
import { behindEgressGuard } from '../net/egress-guard';
import type { InfoMode } from '../media/ytdlp/args';
import { readYtDlpInfo, type YtDlpInfo } from '../media/ytdlp/info';
import type { EventBus } from '../realtime/event-bus';
import { DiskResultStore, type ResultStore, type StoredResult } from '../storage/result-store';
import { startSweeper } from '../storage/sweeper';
import { MemoryBatchStore, type BatchStore } from './batch-store';
import { PlaylistBatches } from './batches';
import { checkClipOptions } from './clip-rules';
import { downloadFailures } from './failures';
import { InfoCache, type CachedInfo } from './info-cache';
import type { FullInfo } from './media-info';
import { downloadJobHandler } from './download-job';
import { resolveLink } from './link-resolver';
import { makeJobFolder, removeJobFolder, writeInfoJson, writeSessionCookies } from './job-folder';
import type { JobHandlers } from '../jobs/job-types';
import { inProcessJobLimits } from '../composition/in-process-limits';
import { InProcessJobRunner, type JobRunner } from '../jobs/runner';
import { MemoryTaskStateStore, type TaskStateStore } from './task-state';
import { ytDlpAccess } from '../media/ytdlp/access';
import { TaskStore, type TaskRecord } from './task-store';
import { waitForTask } from './wait-for-task';
import { checkDownloadUrl } from './url-rules';

/** What scaled mode puts behind the downloader's interfaces (Redis state, BullMQ, the bucket). */
export interface SharedDownloadParts {
  state: TaskStateStore;
  runner: (tasks: TaskStore) => JobRunner;
  /** The bucket; without one, results stay under DATA_DIR (a shared disk). */
  results?: ResultStore;
  /** Playlist batches every API node reads and moves on. */
  batches?: BatchStore;
}

export interface StartTaskInput extends ClipOptions {
  url: string;
  format: DownloadFormatName;
  quality: Quality;
  removeWatermark?: boolean;
  itemIndex?: number;
  instagramCookies?: string;
}

/** The clip options a request set (job data holds only what is there). */
function clipFieldsOf({ startTime, endTime, subtitles }: ClipOptions): ClipOptions {
  return {
    ...(startTime === undefined ? {} : { startTime }),
    ...(endTime === undefined ? {} : { endTime }),
    ...(subtitles === undefined ? {} : { subtitles }),
  };
}

/** More queued jobs than this and new ones are refused with BUSY instead of waiting for hours. */
const maxQueuedJobs = 1000;
const infoTimeoutMs = 120_000;

export class DownloadService {
  readonly tasks: TaskStore;
  readonly runner: JobRunner;
  readonly results: ResultStore;
  readonly batches: PlaylistBatches;
  readonly jobsRoot: string;
  readonly infoCache = new InfoCache();
  private stopSweeper: () => void = () => {};

  constructor(
    readonly config: Config,
    private readonly bus: EventBus,
    private readonly log: FastifyBaseLogger,
    /** Scaled mode's state, runner and bucket; embedded mode keeps everything in this process. */
    private readonly shared?: SharedDownloadParts,
  ) {
    // State is kept as long as the results it points at (RESULT_TTL_HOURS), as in Redis.
    const keepMs = config.RESULT_TTL_HOURS * 3_600_000;
    this.tasks = new TaskStore(shared?.state ?? new MemoryTaskStateStore(keepMs), bus);
    this.runner =
      shared?.runner(this.tasks) ??
      new InProcessJobRunner(inProcessJobLimits(config), (error) => log.error({ err: error }, 'job crashed'));
    this.jobsRoot = path.resolve(config.DATA_DIR, 'jobs');
    this.results =
      shared?.results ??
      new DiskResultStore(path.resolve(config.DATA_DIR, 'results'), config.RESULT_TTL_HOURS * 3_600_000);
    this.batches = new PlaylistBatches(
      {
        tasks: this.tasks,
        results: this.results,
        store: shared?.batches ?? new MemoryBatchStore(keepMs),
        testHosts: config.MEDIA_TEST_HOSTS,
        startTask: (platform, input) => this.startTask(platform, input),
      },
      bus,
    );
  }

  /**
   * Starts the process's job runner with the downloader's handler and the other features' ones
   * (the converter's), then the start-up orphan scan and the expiry timer.
   */
  async start(otherHandlers: Omit<JobHandlers, 'download'>): Promise<void> {
    await this.runner.start({
      ...otherHandlers,
      download: downloadJobHandler({
        config: this.config,
        tasks: this.tasks,
        results: this.results,
        jobsRoot: this.jobsRoot,
        log: this.log,
      }),
    });
    await mkdir(path.resolve(this.config.DATA_DIR, 'results'), { recursive: true });
    this.stopSweeper = await startSweeper({
      store: this.results,
      jobsRoot: this.jobsRoot,
      // Other processes may share the data folder: only folders older than any job can live go.
      ...(this.shared ? { orphanAgeMs: (this.config.DOWNLOAD_TIMEOUT_SECONDS + 600) * 1000 } : {}),
      intervalMs: this.config.RESULT_SWEEP_SECONDS * 1000,
      onError: (error) => this.log.error({ err: error }, 'expiry sweep failed'),
    });
  }

  async close(): Promise<void> {
    this.stopSweeper();
    this.batches.close();
    await this.runner.close();
  }

  platform(id: string): Platform {
    const platform = platformById(id);
    if (!platform) throw new AppError('UNSUPPORTED_PLATFORM', `Unsupported platform: ${id}`);
    return platform;
  }

  /**
   * Checks the link, creates the task and queues its job. A visitor's cookie is written into the
   * job's folder here, by the process that accepted it, so the job data never holds it.
   */
  async startTask(platform: Platform, input: StartTaskInput): Promise<DownloadTask> {
    const checked = checkDownloadUrl(input.url, platform, this.config.MEDIA_TEST_HOSTS);
    checkClipOptions(input.format, input);
    if ((await this.runner.load()) >= maxQueuedJobs)
      throw new AppError('BUSY', 'The server is busy. Please try again in a few minutes.');
    // A single video previewed minutes ago (never with a visitor's cookie): its info JSON goes
    // with the job, so yt-dlp does not read the site again.
    const infoJson =
      input.itemIndex === undefined && !input.instagramCookies
        ? this.infoCache.json(platform.id, checked.url)
        : undefined;
    let jobDir: string | undefined;
    if (input.instagramCookies || infoJson) {
      jobDir = await makeJobFolder(this.jobsRoot);
      if (input.instagramCookies) await writeSessionCookies(jobDir, platform, input.instagramCookies);
      if (infoJson) await writeInfoJson(jobDir, infoJson);
    }
    const task = await this.tasks.create({ platform: platform.id, url: checked.url, format: input.format });
    await this.runner.submit({
      name: 'download',
      id: task.taskId,
      data: {
        taskId: task.taskId,
        platformId: platform.id,
        url: checked.url,
        isTestHost: checked.isTestHost,
        format: input.format,
        quality: input.quality,
        removeWatermark: input.removeWatermark ?? false,
        ...clipFieldsOf(input),
        ...(input.itemIndex === undefined ? {} : { itemIndex: input.itemIndex }),
        ...(jobDir ? { jobDir } : {}),
      },
    });
    return task;
  }

  /** One video's information for the preview, from the cache when it was read minutes ago. */
  cachedInfo(platform: Platform, url: string): Promise<CachedInfo> {
    const checked = checkDownloadUrl(url, platform, this.config.MEDIA_TEST_HOSTS);
    return this.infoCache.get(platform.id, checked.url, async () => {
      const info: FullInfo = await this.readInfo(platform, checked.url, 'single');
      return info;
    });
  }

  /** The task's record once it has finished (undefined when unknown). */
  waitForTask(taskId: string): Promise<TaskRecord | undefined> {
    return waitForTask(this.tasks, this.bus, taskId);
  }

  /** A task's state; an unknown one is TASK_NOT_FOUND. */
  async task(taskId: string): Promise<DownloadTask> {
    const task = await this.tasks.get(taskId);
    if (!task) throw downloadFailures.taskNotFound();
    return task;
  }

  /** A result by its id; a gone one is FILE_EXPIRED. */
  async resultFile(fileId: string): Promise<StoredResult> {
    const file = await this.results.open(fileId);
    if (!file) throw downloadFailures.fileExpired();
    return file;
  }

  /** The file of a task the visitor waits for (directDownload); a failed task's error as its own. */
  async finishedFile(taskId: string): Promise<StoredResult> {
    const settled = await this.waitForTask(taskId);
    if (settled?.task.status !== 'completed' || !settled.result) {
      const code = (settled?.task.errorCode ?? 'DOWNLOAD_FAILED') as AppError['code'];
      throw new AppError(code, settled?.task.error ?? 'Download failed');
    }
    return this.resultFile(settled.result.fileId);
  }

  /** Reads a link's information with yt-dlp (a post's items or a playlist's entries). */
  async readInfo(
    platform: Platform,
    url: string,
    mode: InfoMode,
    instagramCookies?: string,
  ): Promise<YtDlpInfo> {
    const checked = checkDownloadUrl(url, platform, this.config.MEDIA_TEST_HOSTS);
    const dir = await makeJobFolder(this.jobsRoot);
    try {
      const resolved = await resolveLink(checked.url, { platform, testHosts: this.config.MEDIA_TEST_HOSTS });
      const visitorCookies = instagramCookies
        ? await writeSessionCookies(dir, platform, instagramCookies)
        : undefined;
      const { upstreamProxy, ...access } = await ytDlpAccess(this.config, platform, dir, visitorCookies);
      return await behindEgressGuard(
        this.config.MEDIA_TEST_HOSTS,
        (proxyUrl) =>
          readYtDlpInfo({
            proxyUrl,
            ytDlpPath: this.config.YTDLP_PATH,
            url: resolved,
            mode,
            platform,
            allowGeneric: checked.isTestHost,
            maxBytes: this.config.DOWNLOAD_MAX_BYTES,
            maxDurationSeconds: this.config.DOWNLOAD_MAX_DURATION_SECONDS,
            ...access,
            timeoutMs: infoTimeoutMs,
            workDir: dir,
            workRoot: this.jobsRoot,
          }),
        { upstream: upstreamProxy },
      );
    } finally {
      await removeJobFolder(dir);
    }
  }
}
