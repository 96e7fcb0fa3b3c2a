// Playlist batches: one task per item on the shared runner; the batch follows its tasks on the bus
// and publishes BatchProgressUpdate, then BatchCompleted (some or all items ready) or BatchError.
import type { BatchStatus, ClipOptions, DownloadFormatName, Quality } from '@grabbit/contracts';
import { hubEvents } from '@grabbit/contracts';
import type { Platform } from '@grabbit/catalog';
import { AppError } from '../http/app-error';
import type { EventBus } from '../realtime/event-bus';
import { newId } from '../storage/file-ids';
import type { DownloadService } from './service';
import { checkDownloadUrl } from './url-rules';
import { checkClipOptions } from './clip-rules';

interface Batch {
  batchId: string;
  title: string;
  items: { url: string; title: string | null; taskId: string }[];
  lastProgress: number;
  finished: boolean;
  unsubscribe: () => void;
}

export class BatchStore {
  private readonly batches = new Map<string, Batch>();

  constructor(
    private readonly service: DownloadService,
    private readonly bus: EventBus,
  ) {}

  /** Checks every link first (nothing starts when one is refused), then queues one task each. */
  create(
    platform: Platform,
    input: {
      items: { url: string; title?: string }[];
      format: DownloadFormatName;
      quality: Quality;
      title?: string;
      /** Section and subtitles, the same for every item. */
      clip?: ClipOptions;
    },
  ): Batch {
    checkClipOptions(input.format, { ...input.clip, quality: input.quality });
    input.items.forEach((item, index) => {
      try {
        checkDownloadUrl(item.url, platform, this.service.config.MEDIA_TEST_HOSTS);
      } catch (error) {
        if (error instanceof AppError)
          throw new AppError(error.code, `Item ${index + 1}: ${error.message}`, error.statusCode);
        throw error;
      }
    });
    const batchId = newId();
    const items = input.items.map((item) => {
      const task = this.service.startTask(platform, {
        url: item.url,
        format: input.format,
        quality: input.quality,
        ...input.clip,
      });
      return { url: task.url, title: item.title ?? null, taskId: task.taskId };
    });
    const taskIds = new Set(items.map((item) => item.taskId));
    const batch: Batch = {
      batchId,
      title: input.title?.trim() || 'playlist',
      items,
      lastProgress: -1,
      finished: false,
      unsubscribe: () => {},
    };
    batch.unsubscribe = this.bus.subscribe((message) => {
      if (message.group.startsWith('task:') && taskIds.has(message.group.slice(5))) this.update(batch);
    });
    this.batches.set(batchId, batch);
    this.update(batch);
    return batch;
  }

  get(batchId: string): Batch | undefined {
    return this.batches.get(batchId);
  }

  status(batchId: string): BatchStatus | undefined {
    const batch = this.batches.get(batchId);
    if (!batch) return undefined;
    const items = batch.items.map((item) => {
      const task = this.service.tasks.get(item.taskId);
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

  /** Completed items' files, in playlist order. */
  completedFiles(batchId: string): { path: string; fileName: string }[] {
    const batch = this.batches.get(batchId);
    if (!batch) return [];
    return batch.items.flatMap((item) => {
      const result = this.service.tasks.result(item.taskId);
      return result ? [{ path: result.filePath, fileName: result.fileName }] : [];
    });
  }

  private update(batch: Batch): void {
    const status = this.status(batch.batchId);
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
      // Forget the batch a day later; its files expire on their own schedule.
      setTimeout(() => this.batches.delete(batch.batchId), 24 * 3_600_000).unref();
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
