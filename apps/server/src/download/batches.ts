// Playlist batches: one task per item on the shared runner. A batch is a job record (jobs/) that
// holds the request's running-job slot until the batch ends (its items hold none); its progress is
// computed from its tasks' states whenever one of them changes, and the change that moves the
// batch on (one atomic change of its record, so across processes each step is granted once)
// publishes BatchProgressUpdate, then BatchCompleted (some or all items ready) or BatchError. No
// process holds a batch's follower: the one bus subscription serves all batches.
import type {
  BatchStatus,
  ClipOptions,
  DownloadFormatName,
  DownloadTask,
  MediaItem,
  Quality,
} from '@grabbit/contracts';
import { hubEvents, safeTitle } from '@grabbit/contracts';
import type { Platform } from '@grabbit/catalog';
import { AppError } from '../core/app-error';
import type { EventBus } from '../realtime/event-bus';
import type { ResultStore } from '../storage/result-store';
import type { JobOrigin, JobRecords } from '../jobs/job-records';
import { waitForJob, type JobWait } from '../jobs/wait-for-job';
import { batchStatus, type BatchItems } from './batch-status';
import type { TaskStore } from './task-store';

/** A batch's own fields in its job record (its items are empty until every item's task is made). */
interface BatchDetail extends BatchItems {
  /** Last progress published (-1 before the first). */
  lastProgress: number;
}

export interface StartedBatch {
  batchId: string;
  items: BatchDetail['items'];
}
import { checkDownloadUrl } from './url-rules';
import { checkClipOptions } from './clip-rules';
import { downloadFailures } from './failures';
import { sanitizeTitle } from './file-names';
import {
  batchItemInputs,
  sessionCookieOf,
  type BatchItemRequest,
  type PostItemChoice,
} from './post-item-task';
import type { ZipEntrySource } from './zip';

/** What batches need from the downloader (passed in, so the service and batches do not import each other). */
export interface BatchDeps {
  tasks: TaskStore;
  results: ResultStore;
  records: JobRecords;
  testHosts: readonly string[];
  startTask(
    platform: Platform,
    input: PostItemChoice & { url: string; itemIndex?: number; batchId: string },
    origin: JobOrigin,
  ): Promise<DownloadTask>;
  /** A post's items as listed by the media call (the visitor's session read it, when given). */
  postItems(platform: Platform, url: string, cookies: string | undefined): Promise<MediaItem[]>;
}

/** A batch as its start asks for it. */
export interface BatchInput {
  /** Links, or playlist items with their titles, or a post's items by their numbers. */
  items: (string | BatchItemRequest)[];
  format: DownloadFormatName;
  quality: Quality;
  title?: string;
  /** Section and subtitles, the same for every item. */
  clip?: ClipOptions;
  /** The visitor's session, for the post items (never kept in the batch's record). */
  instagramCookies?: string;
}

export class PlaylistBatches {
  private readonly unsubscribe: () => void;
  /** This process's waits for its batches' items (each stops when its item ends). */
  private readonly waits = new Set<JobWait<unknown>>();

  constructor(
    private readonly deps: BatchDeps,
    private readonly bus: EventBus,
  ) {
    this.unsubscribe = bus.subscribe((message) => {
      if (message.group.startsWith('task:')) void this.taskChanged(message.group.slice(5));
    });
  }

  /** Checks every link first (nothing starts when one is refused), then queues one task each. */
  async create(platform: Platform, input: BatchInput, origin: JobOrigin): Promise<StartedBatch> {
    checkClipOptions(input.format, { ...input.clip, quality: input.quality });
    const listed = input.items.map((item) => (typeof item === 'string' ? { url: item } : item));
    listed.forEach((item, index) => {
      try {
        checkDownloadUrl(item.url, platform, this.deps.testHosts);
      } catch (error) {
        if (error instanceof AppError) throw new AppError(error.code, `Item ${index + 1}: ${error.message}`);
        throw error;
      }
    });
    const instagramCookies = sessionCookieOf(platform, input.instagramCookies);
    const inputs = await batchItemInputs(
      listed,
      { format: input.format, quality: input.quality, ...input.clip, instagramCookies },
      (url) => this.deps.postItems(platform, url, instagramCookies),
    );
    const title = safeTitle(input.title, 'playlist');
    const { records } = this.deps;
    const batch = await records.start<BatchDetail>(origin, 'batch', { title, items: [], lastProgress: -1 });
    const batchId = batch.id;
    const items: BatchDetail['items'] = [];
    try {
      for (const [index, itemInput] of inputs.entries()) {
        const task = await this.deps.startTask(platform, { ...itemInput, batchId }, { owner: batch.owner });
        const itemTitle = listed[index]?.title;
        items.push({ url: task.url, title: itemTitle ? safeTitle(itemTitle) : null, taskId: task.taskId });
      }
    } catch (error) {
      // Nothing more starts: the items queued go on, but the batch ends and gives its slot back.
      await records.update<BatchDetail>(batchId, (current) => ({
        ...current,
        status: 'failed',
        detail: { ...current.detail, items },
      }));
      throw error;
    }
    await records.update<BatchDetail>(batchId, (current) => ({
      ...current,
      status: 'running',
      stage: 'downloading',
      detail: { ...current.detail, items },
    }));
    // Tasks may have moved before the items were recorded: catch up once.
    await this.update(batchId);
    for (const item of items) this.followItem(batchId, item.taskId);
    return { batchId, items };
  }

  /**
   * The progress events move a batch on; each item's end is also waited for through the one job
   * waiter (which reads the record again on a timer), so a lost event never leaves a batch running.
   */
  private followItem(batchId: string, taskId: string): void {
    const wait = waitForJob(this.deps.records, this.bus, taskId);
    this.waits.add(wait);
    const ended = () => {
      this.waits.delete(wait);
      return this.update(batchId);
    };
    wait.done.then(ended, ended).catch(() => undefined);
  }

  private async batch(batchId: string): Promise<BatchDetail | undefined> {
    const record = await this.deps.records.get<BatchDetail>(batchId);
    return record?.kind === 'batch' && record.detail.items.length > 0 ? record.detail : undefined;
  }

  /** A batch's state; an unknown one is BATCH_NOT_FOUND. */
  async statusOf(batchId: string): Promise<BatchStatus> {
    const status = await this.status(batchId);
    if (!status) throw downloadFailures.batchNotFound();
    return status;
  }

  /** A finished batch's files and the zip's name; refused while items still download. */
  async zipContents(batchId: string): Promise<{ fileName: string; files: ZipEntrySource[] }> {
    const status = await this.statusOf(batchId);
    if (status.status === 'pending' || status.status === 'downloading') {
      throw new AppError(
        'BATCH_NOT_READY',
        'The playlist is still downloading. Please wait until it is complete.',
      );
    }
    const files = await this.completedFiles(status.batchId);
    if (files.length === 0) throw new AppError('DOWNLOAD_FAILED', 'Failed to create playlist download');
    return { fileName: `${sanitizeTitle(status.title, 'playlist')}.zip`, files };
  }

  /** The zip went out whole: every item's result is collected (jobs/waiting-results.ts). */
  async collected(batchId: string): Promise<void> {
    const batch = await this.batch(batchId);
    await Promise.all((batch?.items ?? []).map((item) => this.deps.records.collectJob(item.taskId)));
  }

  private async taskChanged(taskId: string): Promise<void> {
    const batchId = await this.deps.tasks.batchOf(taskId);
    if (batchId) await this.update(batchId);
  }

  async status(batchId: string): Promise<BatchStatus | undefined> {
    const batch = await this.batch(batchId);
    if (!batch) return undefined;
    const tasks = await Promise.all(batch.items.map((item) => this.deps.tasks.get(item.taskId)));
    return batchStatus(batchId, batch, tasks);
  }

  /**
   * Completed items' files in playlist order, each opened only when the zip reaches it (one open
   * at a time); a file that expired meanwhile is left out.
   */
  async completedFiles(batchId: string): Promise<ZipEntrySource[]> {
    const batch = await this.batch(batchId);
    if (!batch) return [];
    const records = await Promise.all(batch.items.map((item) => this.deps.tasks.record(item.taskId)));
    const { results } = this.deps;
    return records.flatMap((record) => {
      const result = record?.result;
      if (!result) return [];
      const open = async () => (await results.open(result.fileId))?.createReadStream();
      return [{ fileName: result.fileName, open }];
    });
  }

  private async update(batchId: string): Promise<void> {
    const status = await this.status(batchId);
    if (!status) return;
    const group = `batch:${batchId}` as const;
    if (status.status !== 'completed' && status.status !== 'error') {
      if (await this.advance(batchId, status.progress))
        this.bus.publish(group, hubEvents.batchProgress, batchId, status.progress);
      return;
    }
    if (
      !(await this.advance(
        batchId,
        'ended',
        status.status === 'completed' ? await this.zipEnd(status) : undefined,
      ))
    )
      return;
    if (status.status === 'error') {
      this.bus.publish(group, hubEvents.batchError, batchId, { message: status.message });
      return;
    }
    this.bus.publish(group, hubEvents.batchProgress, batchId, 100);
    this.bus.publish(group, hubEvents.batchCompleted, batchId, {
      success: status.failedItems === 0,
      message: status.message,
    });
  }

  /**
   * Records a new progress or the end in one atomic change of the batch's record: true only for
   * the caller that moved the batch (progress above the last one published, or the first to end
   * it); false once ended. The end gives the batch's slot back.
   */
  private async advance(batchId: string, step: number | 'ended', completed?: ZipEnd): Promise<boolean> {
    let moved = false;
    await this.deps.records.update<BatchDetail>(batchId, (current) => {
      moved = current.status === 'running' && (step === 'ended' || step > current.detail.lastProgress);
      if (!moved) return undefined;
      if (step !== 'ended')
        return { ...current, progress: step, detail: { ...current.detail, lastProgress: step } };
      if (!completed) return { ...current, status: 'failed', progress: 100, stage: 'error' };
      return { ...current, status: 'done', progress: 100, stage: 'completed', ...completed };
    });
    return moved;
  }

  /** The zip of a completed batch as its record's result: usable until its first file expires. */
  private async zipEnd(status: BatchStatus): Promise<ZipEnd> {
    const items = await Promise.all(status.items.map((item) => this.deps.records.get(item.taskId)));
    const expiries = items.flatMap((item) =>
      item?.resultExpiresAt === undefined ? [] : [item.resultExpiresAt],
    );
    return {
      resultLink: status.downloadUrl,
      ...(expiries.length > 0 ? { resultExpiresAt: Math.min(...expiries) } : {}),
    };
  }

  close(): void {
    this.unsubscribe();
    for (const wait of this.waits) wait.stop();
  }
}

/** What a completed batch's record holds: its zip's link and when the zip's first file expires. */
type ZipEnd = { resultLink: string; resultExpiresAt?: number };
