// What queue items do: run one download task (a fresh link, a post's item, a playlist video, or a
// Retry), run a playlist batch and fetch its zip, and save or delete a finished file. Every toast here keeps
// the product's fixed wording ('Download Failed', 'Batch Error', 'Downloaded!'...).
import type { Platform } from '@grabbit/catalog';
import { useCallback, type Dispatch } from 'react';
import { toast } from '../../../components/ui/toast';
import { resetGateAfterDownload } from '../../monetization';
import { batchZipPath, createPlaylistBatch, deleteResult, startDownload } from '../api/download-api';
import { followBatch } from '../api/follow-batch';
import { followTask } from '../api/follow-task';
import { fileIsAvailable, saveLink, savePostLink } from '../api/save-file';
import { inJobSlot } from '../../../lib/pacing';
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

export interface QueueActions {
  /** Starts (or restarts) an item's download and follows it to the end; resolves true on success. */
  runItem: (item: QueueItem) => Promise<boolean>;
  /** Creates the batch (a playlist, a selection of its videos or of a post's items), follows it, fetches the zip. */
  runBatch: (item: QueueItem, videos: readonly ZipEntry[]) => Promise<boolean>;
  saveItem: (item: QueueItem) => void;
  deleteItem: (item: QueueItem) => void;
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

  const runItemNow = useCallback(
    async (item: QueueItem): Promise<boolean> => {
      update(item.id, { status: 'downloading', progress: 0, error: undefined, errorCode: undefined });
      let started: { taskId: string } | undefined;
      try {
        // A post item carries its format already (the choice for videos, its own for photos).
        const format = item.format;
        started = await startDownload(platform.id, {
          url: item.url,
          format,
          itemIndex: item.mediaItem?.itemIndex,
          quality: item.quality,
          removeWatermark: asksWatermarkFree(platform),
          ...(item.sessionCookie ? { instagramCookies: item.sessionCookie } : {}),
          ...item.clip,
        });
        update(item.id, { taskId: started.taskId });
        const task = await followTask(started.taskId, (patch) =>
          // The preview's picture (served by our API) stays once there is one.
          update(item.id, {
            ...patch,
            title: patch.title || item.title,
            thumbnailUrl: item.thumbnailUrl ?? patch.thumbnailUrl,
          }),
        );
        const fileName = savedFileName({ fileName: task.fileName, format: task.format ?? format });
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
      } catch (error) {
        // A task that ended because the link holds no video says so on pages with their own messages.
        const message = (started ? videoNotFound(platform, error) : videoStartFailure(platform, error)) ?? {
          title: 'Download Failed',
          description: downloadFailureText(platform, error),
        };
        return fail(item, message.title, message.description, error);
      }
    },
    [platform, update, fail],
  );
  // A task holds one of the visitor's running-job slots on the server until it ends.
  const runItem = useCallback((item: QueueItem) => inJobSlot(() => runItemNow(item)), [runItemNow]);

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
        update(item.id, { batchId });
        const result = await followBatch(batchId, (progress) => update(item.id, { progress }));
        const zipPath = batchZipPath(batchId);
        update(item.id, {
          status: 'completed',
          progress: 100,
          downloadUrl: zipPath,
          fileName: 'playlist.zip',
        });
        toast.success('Batch Download Complete', {
          description: zipDoneMessage(item, result.success, result.message),
        });
        await savePostLink(zipPath);
        return true;
      } catch (error) {
        return fail(item, 'Batch Error', errorText(error) ?? 'An error occurred', error);
      }
    },
    [platform.id, update, fail],
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

  return { runItem, runBatch, saveItem, deleteItem };
}
