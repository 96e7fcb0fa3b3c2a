// Playlist batches: one task per item on the shared runner; the batch follows its tasks on the bus
// and publishes BatchProgressUpdate, then BatchCompleted (some or all items ready) or BatchError.
import type { BatchStatus, ClipOptions, DownloadFormatName, DownloadTask, Quality } from '@grabbit/contracts';
import { hubEvents } from '@grabbit/contracts';
import type { Platform } from '@grabbit/catalog';
import { AppError } from '../http/app-error';
import type { EventBus } from '../realtime/event-bus';
import { newId } from '../storage/file-ids';
import type { ResultStore, StoredResult } from '../storage/result-store';
import type { TaskStore } from './task-store';
import { checkDownloadUrl } from './url-rules';
import { checkClipOptions } from './clip-rules';

/** What batches need from the downloader (passed in, so the service and batches do not import each other). */
export interface BatchDeps {
  tasks: TaskStore;
  results: ResultStore;
  testHosts: readonly string[];
  startTask(
    platform: Platform,
    input: { url: string; format: DownloadFormatName; quality: Quality },
  ): Promise<DownloadTask>;
}

/** Batches are forgotten a day after they were created; their files expire on their own schedule. */
const keepBatchMs = 24 * 3_600_000;

/** What a batch is, fixed at creation; its status is read from its tasks. */
export interface BatchDefinition {
  batchId: string;
  title: string;
  items: { url: string; title: string | null; taskId: string }[];
  createdAt: number;
}

/** Where other processes find a batch's definition (Redis in scaled mode). */
export interface SharedBatchDefinitions {
  get(batchId: string): Promise<BatchDefinition | undefined>;
  set(batchId: string, definition: BatchDefinition): Promise<void>;
}

interface Batch extends BatchDefinition {
  lastProgress: number;
  finished: boolean;
  unsubscribe: () => void;
}

export class BatchStore {
  private readonly batches = new Map<string, Batch>();

  constructor(
    private readonly deps: BatchDeps,
    private readonly bus: EventBus,
    /** Scaled mode: any API node answers a batch's status and zip, whichever node accepted it. */
    private readonly shared?: SharedBatchDefinitions,
  ) {}

  private async definition(batchId: string): Promise<BatchDefinition | undefined> {
    return this.batches.get(batchId) ?? (await this.shared?.get(batchId));
  }

  /** Checks every link first (nothing starts when one is refused), then queues one task each. */
  async create(
    platform: Platform,
    input: {
      items: { url: string; title?: string }[];
      format: DownloadFormatName;
      quality: Quality;
      title?: string;
      /** Section and subtitles, the same for every item. */
      clip?: ClipOptions;
    },
  ): Promise<Batch> {
    checkClipOptions(input.format, { ...input.clip, quality: input.quality });
    input.items.forEach((item, index) => {
      try {
        checkDownloadUrl(item.url, platform, this.deps.testHosts);
      } catch (error) {
        if (error instanceof AppError)
          throw new AppError(error.code, `Item ${index + 1}: ${error.message}`, error.statusCode);
        throw error;
      }
    });
    const batchId = newId();
    const items: Batch['items'] = [];
    for (const item of input.items) {
      const task = await this.deps.startTask(platform, {
        url: item.url,
        format: input.format,
        quality: input.quality,
        ...input.clip,
      });
      items.push({ url: task.url, title: item.title ?? null, taskId: task.taskId });
    }
    const taskIds = new Set(items.map((item) => item.taskId));
    const batch: Batch = {
      batchId,
      title: input.title?.trim() || 'playlist',
      items,
      createdAt: Date.now(),
      lastProgress: -1,
      finished: false,
      unsubscribe: () => {},
    };
    batch.unsubscribe = this.bus.subscribe((message) => {
      if (message.group.startsWith('task:') && taskIds.has(message.group.slice(5))) void this.update(batch);
    });
    this.forgetOld(batch.createdAt);
    this.batches.set(batchId, batch);
    const { title, createdAt } = batch;
    await this.shared?.set(batchId, { batchId, title, items, createdAt });
    await this.update(batch);
    return batch;
  }

  private forgetOld(now: number): void {
    for (const [batchId, batch] of this.batches) {
      if (now - batch.createdAt < keepBatchMs) return;
      batch.unsubscribe();
      this.batches.delete(batchId);
    }
  }

  async status(batchId: string): Promise<BatchStatus | undefined> {
    const batch = await this.definition(batchId);
    if (!batch) return undefined;
    const tasks = await Promise.all(batch.items.map((item) => this.deps.tasks.get(item.taskId)));
    const items = batch.items.map((item, index) => {
      const task = tasks[index];
      return {
        url: item.url,
        title: task?.title ?? item.title,
        taskId: item.taskId,
        status: task?.status ?? 'error',
        progress: task?.progress ?? 0,
        ...(task?.error ? { error: task.error } : {}),
      };
    });
    const completedItems = items.filter((i) => i.status === 'completed').length;
    const failedItems = items.filter((i) => i.status === 'error').length;
    const finished = completedItems + failedItems === items.length;
    const progress = Math.floor(
      items.reduce((sum, i) => sum + (i.status === 'error' ? 100 : i.progress), 0) / items.length,
    );
    const status = !finished
      ? items.some((i) => i.status !== 'pending')
        ? 'downloading'
        : 'pending'
      : completedItems > 0
        ? 'completed'
        : 'error';
    return {
      success: true,
      batchId,
      title: batch.title,
      status,
      progress: finished ? 100 : progress,
      totalItems: items.length,
      completedItems,
      failedItems,
      items,
      downloadUrl: `/api/download/playlist/${batchId}/download`,
      message: batchMessage(completedItems, failedItems, finished),
    };
  }

  /** Completed items' files still in the result store, in playlist order. */
  async completedFiles(batchId: string): Promise<{ file: StoredResult; fileName: string }[]> {
    const batch = await this.definition(batchId);
    if (!batch) return [];
    const files = await Promise.all(
      batch.items.map(async (item) => {
        const result = (await this.deps.tasks.record(item.taskId))?.result;
        const file = result ? await this.deps.results.open(result.fileId) : undefined;
        return file && result ? [{ file, fileName: result.fileName }] : [];
      }),
    );
    return files.flat();
  }

  private async update(batch: Batch): Promise<void> {
    const status = await this.status(batch.batchId);
    if (!status || batch.finished) return;
    const group = `batch:${batch.batchId}` as const;
    if (
      status.progress !== batch.lastProgress &&
      status.status !== 'completed' &&
      status.status !== 'error'
    ) {
      batch.lastProgress = status.progress;
      this.bus.publish(group, hubEvents.batchProgress, batch.batchId, status.progress);
    }
    if (status.status === 'completed' || status.status === 'error') {
      batch.finished = true;
      batch.unsubscribe();
      if (status.status === 'error')
        this.bus.publish(group, hubEvents.batchError, batch.batchId, { message: status.message });
      else {
        this.bus.publish(group, hubEvents.batchProgress, batch.batchId, 100);
        this.bus.publish(group, hubEvents.batchCompleted, batch.batchId, {
          success: status.failedItems === 0,
          message: status.message,
        });
      }
    }
  }

  close(): void {
    for (const batch of this.batches.values()) batch.unsubscribe();
  }
}

function batchMessage(completed: number, failed: number, finished: boolean): string {
  if (!finished) return `${completed} of ${completed + failed} ready so far`;
  if (failed === 0) return 'Successfully downloaded playlist.';
  if (completed === 0) return 'No item of the playlist could be downloaded.';
  return `Some items failed: ${completed} downloaded, ${failed} failed.`;
}
