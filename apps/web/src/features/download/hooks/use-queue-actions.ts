// What queue items do: run one download task (a fresh link, a post's item, a playlist video, or a
// Retry), run a playlist batch and fetch its zip, and save or delete a finished file. Tasks and
// batches are followed by their job (lib/jobs), also after a reload (`resume`). Every toast here
// keeps the product's fixed wording ('Download Failed', 'Batch Error', 'Downloaded!'...).
import type { Platform } from '@grabbit/catalog';
import type { Job } from '@grabbit/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, type Dispatch } from 'react';
import { toast } from '../../../components/ui/toast';
import { followJob } from '../../../lib/jobs/follow-job';
import { inJobSlot } from '../../../lib/pacing';
import { resetGateAfterDownload } from '../../monetization';
import {
  batchZipPath,
  createPlaylistBatch,
  deleteResult,
  getBatchStatus,
  getTask,
  startDownload,
} from '../api/download-api';
import { fileIsAvailable, saveLink, savePostLink } from '../api/save-file';
import {
  downloadFailureText,
  retryCanHelp,
  serverCodeOf,
  videoNotFound,
  videoStartFailure,
} from '../lib/messages';
import {
  asksWatermarkFree,
  opensInNewTab,
  savedFileName,
  zipDoneMessage,
  type QueueAction,
  type QueueItem,
  type ZipEntry,
} from '../lib/queue';

const errorText = (error: unknown) => (error instanceof Error && error.message ? error.message : undefined);

/** A job that ended without its result: its message and the server's code. */
class JobFailedError extends Error {
  constructor(
    message: string,
    readonly code?: string,
  ) {
    super(message);
    this.name = 'JobFailedError';
  }
}

/** The job once done; throws its failure (with `fallback` when it says nothing) otherwise. */
function doneOrThrow(job: Job, fallback: string): Job {
  if (job.status !== 'done') throw new JobFailedError(job.error?.message || fallback, job.error?.code);
  return job;
}

export interface QueueActions {
  /** Starts (or restarts) an item's download and follows it to the end; resolves true on success. */
  runItem: (item: QueueItem) => Promise<boolean>;
  /** Creates the batch (a playlist, a selection of its videos or of a post's items), follows it, fetches the zip. */
  runBatch: (item: QueueItem, videos: readonly ZipEntry[]) => Promise<boolean>;
  saveItem: (item: QueueItem) => void;
  deleteItem: (item: QueueItem) => void;
  /** After a reload: follows a kept item's task or batch again, by its job's id. */
  resume: (item: QueueItem) => Promise<boolean>;
}

export function useQueueActions(platform: Platform, dispatch: Dispatch<QueueAction>): QueueActions {
  const update = useCallback(
    (id: string, patch: Partial<QueueItem>) => dispatch({ type: 'update', id, patch }),
    [dispatch],
  );
  /** Marks the item failed with `description` and says so under `title`; false. */
  const fail = useCallback(
    (item: QueueItem, title: string, description: string, error: unknown): false => {
      update(item.id, {
        status: 'error',
        error: description,
        errorCode: serverCodeOf(error),
        retryable: retryCanHelp(error),
      });
      toast.error(title, { description });
      return false;
    },
    [update],
  );

  const client = useQueryClient();
  /** Follows an item's job to its end; the final job, or its failure thrown. */
  const follow = useCallback(
    async (item: QueueItem, jobId: string, group: 'task' | 'batch', fallback: string) =>
      doneOrThrow(
        await followJob(client, jobId, {
          group,
          onChange: (job) => dispatch({ type: 'job', id: item.id, job }),
        }),
        fallback,
      ),
    [client, dispatch],
  );

  /** A started task followed to its end: the item completed with its file, and the toast that says so. */
  const finishTask = useCallback(
    async (item: QueueItem, taskId: string): Promise<true> => {
      await follow(item, taskId, 'task', 'Download failed');
      // The file's name, title and notice are the task's own.
      const task = await getTask(taskId);
      const fileName = savedFileName({ fileName: task.fileName, format: task.format ?? item.format });
      update(item.id, {
        status: 'completed',
        progress: 100,
        title: task.title || item.title,
        fileName,
        fileSize: task.fileSize,
        thumbnailUrl: item.thumbnailUrl ?? task.thumbnailUrl,
        downloadUrl: task.downloadUrl,
        ...(task.notice ? { notice: task.notice } : {}),
      });
      toast.success('Download Ready', { description: `${fileName} is ready to save` });
      return true;
    },
    [follow, update],
  );

  /** The toast and the item's error for a task that failed, started or not. */
  const failTask = useCallback(
    (item: QueueItem, started: boolean, error: unknown): false => {
      // A task that ended because the link holds no video says so on pages with their own messages.
      const message = (started ? videoNotFound(platform, error) : videoStartFailure(platform, error)) ?? {
        title: 'Download Failed',
        description: downloadFailureText(platform, error),
      };
      return fail(item, message.title, message.description, error);
    },
    [platform, fail],
  );

  const runItemNow = useCallback(
    async (item: QueueItem): Promise<boolean> => {
      update(item.id, { status: 'downloading', progress: 0, error: undefined, errorCode: undefined });
      let started: { taskId: string } | undefined;
      try {
        // A post item carries its format already (the choice for videos, its own for photos).
        started = await startDownload(platform.id, {
          url: item.url,
          format: item.format,
          itemIndex: item.mediaItem?.itemIndex,
          quality: item.quality,
          removeWatermark: asksWatermarkFree(platform),
          ...(item.sessionCookie ? { instagramCookies: item.sessionCookie } : {}),
          ...item.clip,
        });
        update(item.id, { taskId: started.taskId, followed: undefined });
        return await finishTask(item, started.taskId);
      } catch (error) {
        return failTask(item, started !== undefined, error);
      }
    },
    [platform, update, finishTask, failTask],
  );
  // A task holds one of the visitor's running-job slots on the server until it ends.
  const runItem = useCallback((item: QueueItem) => inJobSlot(() => runItemNow(item)), [runItemNow]);

  /** A started batch followed to its end: the item completed with its zip, which is saved at once. */
  const finishBatch = useCallback(
    async (item: QueueItem, batchId: string, saveNow: boolean): Promise<true> => {
      await follow(item, batchId, 'batch', 'An error occurred');
      // How many of its files failed, and the server's word on them.
      const status = await getBatchStatus(batchId);
      const zipPath = batchZipPath(batchId);
      update(item.id, { status: 'completed', progress: 100, downloadUrl: zipPath, fileName: 'playlist.zip' });
      toast.success('Batch Download Complete', {
        description: zipDoneMessage(item, status.failedItems === 0, status.message),
      });
      if (saveNow) await savePostLink(zipPath);
      return true;
    },
    [follow, update],
  );

  const runBatchNow = useCallback(
    async (item: QueueItem, videos: readonly ZipEntry[]): Promise<boolean> => {
      update(item.id, { status: 'downloading', progress: 0, error: undefined, errorCode: undefined });
      try {
        const { batchId } = await createPlaylistBatch(
          platform.id,
          videos,
          item.format,
          item.playlistTitle ?? item.title,
          item.sessionCookie,
        );
        update(item.id, { batchId, followed: undefined });
        return await finishBatch(item, batchId, true);
      } catch (error) {
        return fail(item, 'Batch Error', errorText(error) ?? 'An error occurred', error);
      }
    },
    [platform.id, update, fail, finishBatch],
  );
  const runBatch = useCallback(
    (item: QueueItem, videos: readonly ZipEntry[]) => inJobSlot(() => runBatchNow(item, videos)),
    [runBatchNow],
  );

  const saveItem = useCallback(
    (item: QueueItem) => {
      const link = item.downloadUrl;
      if (!link) return;
      // The gate was passed for this file: saving it again does not ask again.
      update(item.id, { gatePassed: true, saved: true });
      if (opensInNewTab(item)) {
        // Opened inside the click, so the browser lets the tab open.
        window.open(link, '_blank', 'noopener');
        toast.success('Cloud Storage', { description: 'File opened from cloud storage' });
        resetGateAfterDownload();
        return;
      }
      const fileName = savedFileName(item);
      void (async () => {
        try {
          if (item.batchId) await savePostLink(link);
          else if (!(await fileIsAvailable(link))) {
            toast.error('Download Failed', {
              description: 'Failed to download file. The file may have expired.',
            });
            return;
          } else await saveLink(link, fileName);
          toast.success('Downloaded!', { description: `${fileName} saved to your downloads folder` });
        } catch {
          toast.error('Download Failed', { description: 'Failed to download file' });
        } finally {
          resetGateAfterDownload();
        }
      })();
    },
    [update],
  );

  /** Deletes a finished file from the server and the queue (one saved or expired is only taken off). */
  const deleteItem = useCallback(
    (item: QueueItem) => {
      const link = item.downloadUrl;
      if (!link) return;
      deleteResult(link)
        .then(() => {
          dispatch({ type: 'remove', id: item.id });
          toast.success('Deleted', { description: `${savedFileName(item)} was deleted from the server` });
        })
        .catch((error: unknown) => {
          toast.error('Delete Failed', { description: errorText(error) ?? 'The file could not be deleted' });
        });
    },
    [dispatch],
  );

  const resumeNow = useCallback(
    async (item: QueueItem): Promise<boolean> => {
      try {
        // A zip made while the page was away waits for its Save button (no click to save it with).
        if (item.batchId) return await finishBatch(item, item.batchId, false);
        if (item.taskId) return await finishTask(item, item.taskId);
        return false;
      } catch (error) {
        if (item.batchId) return fail(item, 'Batch Error', errorText(error) ?? 'An error occurred', error);
        return failTask(item, true, error);
      }
    },
    [finishBatch, finishTask, fail, failTask],
  );
  const resume = useCallback(
    async (item: QueueItem): Promise<boolean> => {
      const jobId = item.batchId ?? item.taskId;
      // A kept job still running holds its running-job slot on the server until it ends.
      if (item.status !== 'completed') return inJobSlot(() => resumeNow(item));
      // A finished one is read again by its id (a file saved or expired meanwhile stays listed).
      if (!jobId || item.cloudStorage) return true;
      const onChange = (job: Job) => dispatch({ type: 'job', id: item.id, job });
      return followJob(client, jobId, { onChange }).then(
        () => true,
        () => true,
      );
    },
    [client, dispatch, resumeNow],
  );

  return { runItem, runBatch, saveItem, deleteItem, resume };
}
