// The downloader's service for one app, over its parts (tasks, the job queue, the records, the
// result store and playlist batches): routes call this, never the parts; it knows nothing about HTTP.
import path from 'node:path';
import { linkBelongsTo, platformById, platformForLink, platforms, type Platform } from '@grabbit/catalog';
import type { BatchStatus, DownloadTask, DownloadFormatName } from '@grabbit/contracts';
import type { Config } from '../config/env';
import { AppError } from '../core/app-error';
import type { InfoMode, YtDlpInfo } from '../ytdlp';
import type { EventBus } from '../realtime/event-bus';
import type { ResultStore, StoredResult } from '../storage/result-store';
import type { DownloadJobData } from '../jobs/job-types';
import type { JobQueue } from '../jobs/runner';
import type { JobOrigin, JobRecords } from '../jobs/job-records';
import { deleteOwnedResult } from '../jobs/owned-results';
import { PlaylistBatches, type BatchInput, type StartedBatch } from './batches';
import { checkClipOptions, checkSponsorBlock } from './clip-rules';
import { downloadFailures } from './failures';
import { InfoCache, type CachedInfo } from './info-cache';
import { LiveDownloads, type LiveDownload } from './live-downloads';
import type { FullInfo } from './media-info';
import { readLinkInfo } from './link-info';
import { makeJobFolder, writeInfoJson, writeSessionCookies } from './job-folder';
import type { TaskStore, TaskRecord } from './task-store';
import { listPlaylist } from './playlist-listing';
import { readPostItems } from './post-item-task';
import type { PreviewShares } from './preview-shares';
import { checkTargetSize } from './target-size-check';
import { checkDownloadUrl } from './url-rules';
import { jobDataOf, resultFieldsOf, type StartTaskInput } from './task-input';

export type { StartTaskInput };

/** What the composition root hands the downloader (embedded or scaled parts alike). */
export interface DownloadServiceDeps {
  config: Config;
  bus: EventBus;
  tasks: TaskStore;
  results: ResultStore;
  /** Every job's record (tasks, batches and cloud copies are job records). */
  records: JobRecords;
  /** Where download jobs go; the service submits and reads, the root runs them. */
  queue: JobQueue;
  /** Direct downloads waiting in this process, shared with this process's download jobs. */
  live?: LiveDownloads;
  /** Where each client's running previews are counted (Redis in scaled mode; memory unless given). */
  previewShares?: PreviewShares;
}

/** More queued jobs than this and new ones are refused with BUSY instead of waiting for hours. */
const maxQueuedJobs = 1000;
const infoTimeoutMs = 120_000;

/** Where job folders live (DATA_DIR/jobs), for the service and the job handler alike. */
export const jobsRootOf = (config: Config) => path.resolve(config.DATA_DIR, 'jobs');

export class DownloadService {
  readonly config: Config;
  private readonly tasks: TaskStore;
  private readonly records: JobRecords;
  private readonly results: ResultStore;
  private readonly batches: PlaylistBatches;
  readonly jobsRoot: string;
  readonly infoCache: InfoCache;
  private readonly queue: JobQueue;
  private readonly live: LiveDownloads;

  constructor(deps: DownloadServiceDeps) {
    this.config = deps.config;
    this.tasks = deps.tasks;
    this.records = deps.records;
    this.results = deps.results;
    this.queue = deps.queue;
    this.live = deps.live ?? new LiveDownloads();
    this.infoCache = new InfoCache({
      maxReadsPerClient: deps.config.PREVIEWS_MAX_PER_CLIENT,
      ...(deps.previewShares ? { shares: deps.previewShares } : {}),
    });
    this.jobsRoot = jobsRootOf(deps.config);
    this.batches = new PlaylistBatches(
      {
        tasks: this.tasks,
        results: this.results,
        records: deps.records,
        testHosts: deps.config.MEDIA_TEST_HOSTS,
        startTask: (platform, input, origin) => this.startTask(platform, input, origin),
        postItems: async (platform, url, cookies) => (await this.readPost(platform, url, cookies)).mediaItems,
      },
      deps.bus,
    );
  }

  close(): void {
    this.batches.close();
  }

  platform(id: string): Platform {
    const platform = platformById(id);
    if (!platform) throw new AppError('UNSUPPORTED_PLATFORM', `Unsupported platform: ${id}`);
    return platform;
  }

  /**
   * The site of any link, by its host (the catalog's rules, as the home page's paste box picks).
   * A link of a MEDIA_TEST_HOSTS host (offline tests only) goes to the catalog's first site.
   */
  platformOfLink(url: string): Platform {
    const found = platformForLink(url);
    if (found) return found;
    const first = platforms[0];
    if (first && linkBelongsTo(url, first.id, this.config.MEDIA_TEST_HOSTS)) return first;
    throw new AppError(
      'UNSUPPORTED_URL',
      `This link is not of a supported site. Supported sites: ${platforms.map((p) => p.name).join(', ')}.`,
    );
  }

  /**
   * Checks the link, creates the task and queues its job. A visitor's cookie is written into the
   * job's folder here, by the process that accepted it, so the job data never holds it.
   */
  async startTask(
    platform: Platform,
    input: StartTaskInput & { batchId?: string },
    origin: JobOrigin,
  ): Promise<DownloadTask> {
    const checked = checkDownloadUrl(input.url, platform, this.config.MEDIA_TEST_HOSTS);
    checkClipOptions(input.format, input);
    checkSponsorBlock(platform, input.format, input);
    // A target size is checked against the media's length before anything is queued.
    if (input.targetSizeMB !== undefined) {
      const { info } = await this.cachedInfo(platform, checked.url);
      checkTargetSize(input.format, input.targetSizeMB, input, info);
    }
    if ((await this.queue.load()) >= maxQueuedJobs)
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
    const task = await this.tasks.create(
      {
        platform: platform.id,
        url: checked.url,
        format: input.format,
        ...(input.batchId ? { batchId: input.batchId } : {}),
      },
      origin,
      resultFieldsOf(input),
    );
    // Said before the job is queued, so a job of this process can never start without knowing.
    if (input.directDownload) this.live.expect(task.taskId);
    await this.submit(task.taskId, {
      ...jobDataOf(input, { taskId: task.taskId, platformId: platform.id, link: checked, jobDir }),
      owner: 'slot' in origin ? origin.slot.owner : origin.owner,
    });
    return task;
  }

  private async submit(taskId: string, data: DownloadJobData): Promise<void> {
    try {
      await this.queue.submit({ name: 'download', id: taskId, data });
    } catch (error) {
      this.live.forget(taskId);
      // A task that never queued ends here, and gives its slot back.
      const failure = error instanceof AppError ? error : downloadFailures.workerLost();
      await this.tasks.fail(taskId, { code: failure.code, message: failure.message }).catch(() => undefined);
      throw error;
    }
  }

  /**
   * One video's information for the preview, from the cache when it was read minutes ago; a read
   * that waits on the site longer than PREVIEW_TIMEOUT_SECONDS is cut. `client` holds a read of
   * its share while it runs.
   */
  cachedInfo(platform: Platform, url: string, client?: string): Promise<CachedInfo> {
    const checked = checkDownloadUrl(url, platform, this.config.MEDIA_TEST_HOSTS);
    const timeoutMs = this.config.PREVIEW_TIMEOUT_SECONDS * 1000;
    const read = (): Promise<FullInfo> =>
      this.readInfo(platform, checked.url, 'single', undefined, timeoutMs, client);
    return this.infoCache.get(platform.id, checked.url, read, client);
  }

  /** The task's record once it has finished (undefined when unknown). */
  waitForTask(taskId: string): Promise<TaskRecord | undefined> {
    return this.tasks.waitForEnd(taskId);
  }

  /** A task's state; an unknown one is TASK_NOT_FOUND. */
  async task(taskId: string): Promise<DownloadTask> {
    const task = await this.tasks.get(taskId);
    if (!task) throw downloadFailures.taskNotFound();
    return task;
  }

  /** A task's state, or undefined when unknown (the hub's answer to a page that joins). */
  taskOf(taskId: string): Promise<DownloadTask | undefined> {
    return this.tasks.get(taskId);
  }

  /** Starts a batch of downloads in `origin`'s slot, which the batch holds until it ends. */
  startBatch(platform: Platform, input: BatchInput, origin: JobOrigin): Promise<StartedBatch> {
    return this.batches.create(platform, input, origin);
  }

  /** A batch's progress; an unknown one is BATCH_NOT_FOUND. */
  batchStatus(batchId: string): Promise<BatchStatus> {
    return this.batches.statusOf(batchId);
  }

  /** A batch's progress, or undefined when unknown (the hub's answer to a page that joins). */
  batchOf(batchId: string): Promise<BatchStatus | undefined> {
    return this.batches.status(batchId);
  }

  /** A finished batch's zip: its name and files (BATCH_NOT_READY while items still download). */
  batchZip(batchId: string): ReturnType<PlaylistBatches['zipContents']> {
    return this.batches.zipContents(batchId);
  }

  /** A batch's zip went out whole: its files stop waiting for their owner. */
  batchCollected(batchId: string): Promise<void> {
    return this.batches.collected(batchId);
  }

  /** A task's file was not sent in its own request: it waits for its owner (jobs/waiting-results.ts). */
  leaveResult(taskId: string): Promise<void> {
    return this.records.leaveForOwner(taskId);
  }

  /** A download's file went out whole: it stops waiting for its owner. */
  async collectResult(fileId: string): Promise<void> {
    await this.records.collectResult(fileId);
  }

  /** Deletes a download's or a batch's file for its owner (FILE_EXPIRED when not theirs or gone). */
  deleteResult(fileId: string, clientId: string): Promise<void> {
    return deleteOwnedResult(this.records, this.results, { fileId, clientId, kinds: ['download', 'batch'] });
  }

  /** Lists a playlist, and whether the page downloads it at once. */
  listPlaylist(
    platform: Platform,
    input: { url: string; format: DownloadFormatName },
  ): ReturnType<typeof listPlaylist> {
    return listPlaylist(this, platform, input);
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

  /** A direct download's file once sent whole: deleted (its link and DELETE then agree: gone). */
  async dropSentFile(taskId: string): Promise<void> {
    const settled = await this.waitForTask(taskId);
    if (settled?.result) await this.results.delete(settled.result.fileId);
  }

  /**
   * The answer to a visitor waiting for the file itself: its bytes while yt-dlp still writes them,
   * when this process's job offers them (live-send.ts), else the stored file once ready.
   */
  async directFile(taskId: string): Promise<{ live: LiveDownload } | { stored: StoredResult }> {
    try {
      return await Promise.race([
        this.live.offered(taskId).then((live) => ({ live })),
        this.finishedFile(taskId).then((stored) => ({ stored })),
      ]);
    } finally {
      this.live.forget(taskId);
    }
  }

  /**
   * A post's information and items, read in a turn of the downloads' concurrency: a batch naming
   * many posts, or many visitors at once, never run more yt-dlp reads than DOWNLOAD_CONCURRENCY
   * allows beside the downloads.
   */
  readPost(platform: Platform, url: string, cookies: string | undefined): ReturnType<typeof readPostItems> {
    return this.queue.inTurn('download', () => readPostItems(this, platform, url, cookies));
  }

  /** Reads a link's information with yt-dlp (a post's items or a playlist's entries). */
  readInfo(
    platform: Platform,
    url: string,
    mode: InfoMode,
    instagramCookies?: string,
    timeoutMs = infoTimeoutMs,
    client?: string,
  ): Promise<YtDlpInfo> {
    return readLinkInfo(
      this.config,
      this.jobsRoot,
      { platform, url, mode },
      { timeoutMs, ...(instagramCookies ? { instagramCookies } : {}), ...(client ? { client } : {}) },
    );
  }
}
