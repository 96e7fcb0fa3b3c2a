// Queue items kept in cloud storage: the server downloads and stores the file in one call, the
// item then opens its link in a new tab (see use-queue-actions) and can be deleted from storage.
import type { Platform } from '@grabbit/catalog';
import { useCallback, type Dispatch } from 'react';
import { toast } from '../../../components/ui/toast';
import { deleteFromCloud, downloadAndUpload, freshCloudLink } from '../../cloud-storage';
import { resetGateAfterDownload } from '../../monetization';
import { inJobSlot } from '../../../lib/pacing';
import { asksWatermarkFree, type QueueAction, type QueueItem } from '../lib/queue';

/** A link this close to its end is renewed before opening. */
const linkMarginMs = 10_000;

const errorText = (error: unknown) => (error instanceof Error && error.message ? error.message : undefined);

export function useCloudQueueActions(platform: Platform, dispatch: Dispatch<QueueAction>) {
  const update = useCallback(
    (id: string, patch: Partial<QueueItem>) => dispatch({ type: 'update', id, patch }),
    [dispatch],
  );

  /** Downloads and keeps the item's file; resolves true once it is in cloud storage. */
  const keepInCloud = useCallback(
    async (item: QueueItem): Promise<boolean> => {
      if (!item.cloudChoice) return false;
      // One call that answers when the file is stored: the bar shows Processing meanwhile.
      update(item.id, { status: 'processing', progress: 0, error: undefined });
      try {
        const kept = await downloadAndUpload(
          {
            platform: platform.id,
            url: item.url,
            format: item.format,
            removeWatermark: asksWatermarkFree(platform),
          },
          item.cloudChoice,
        );
        update(item.id, {
          status: 'completed',
          progress: 100,
          taskId: kept.taskId,
          title: kept.fileName,
          fileName: kept.fileName,
          fileSize: kept.size,
          downloadUrl: kept.downloadUrl,
          cloudStorage: true,
          cloudFileKey: kept.fileKey,
          cloudLinkExpiresAt: kept.linkExpiresAt,
        });
        toast.success('Download Ready', { description: `${kept.fileName} is kept in cloud storage` });
        return true;
      } catch (error) {
        const message = errorText(error) ?? 'Cloud storage upload failed';
        update(item.id, { status: 'error', error: message });
        toast.error('Download Failed', { description: message });
        return false;
      }
    },
    [platform, update],
  );
  // The server holds one of the visitor's running-job slots while it downloads and stores.
  const runCloudItem = useCallback(
    (item: QueueItem): Promise<boolean> => inJobSlot(() => keepInCloud(item)),
    [keepInCloud],
  );

  const deleteCloudItem = useCallback(
    (item: QueueItem) => {
      const fileKey = item.cloudFileKey;
      if (!fileKey) return;
      void deleteFromCloud(fileKey)
        .then(() => {
          dispatch({ type: 'remove', id: item.id });
          toast.success('Cloud Storage', { description: 'File deleted from cloud storage' });
        })
        .catch((error: unknown) => {
          toast.error('Cloud Storage', {
            description: errorText(error) ?? 'Failed to delete file from cloud storage',
          });
        });
    },
    [dispatch],
  );

  /** Opens the kept file in a new tab; a link about to expire is asked for again first. */
  const openCloudItem = useCallback(
    (item: QueueItem) => {
      const { downloadUrl, cloudFileKey } = item;
      if (!downloadUrl || !cloudFileKey) return;
      const opened = () => toast.success('Cloud Storage', { description: 'File opened from cloud storage' });
      if (Date.parse(item.cloudLinkExpiresAt ?? '') - Date.now() > linkMarginMs) {
        window.open(downloadUrl, '_blank', 'noopener');
        opened();
        resetGateAfterDownload();
        return;
      }
      // The tab opens inside the click (else the browser blocks it) and follows the fresh link.
      const tab = window.open('about:blank', '_blank');
      void freshCloudLink(cloudFileKey)
        .then((file) => {
          update(item.id, { downloadUrl: file.downloadUrl, cloudLinkExpiresAt: file.linkExpiresAt });
          if (tab) {
            tab.opener = null;
            tab.location.href = file.downloadUrl;
          }
          opened();
        })
        .catch(() => {
          tab?.close();
          toast.error('Download Failed', {
            description: 'Failed to download file. The file may have expired.',
          });
        })
        .finally(resetGateAfterDownload);
    },
    [update],
  );

  return { runCloudItem, deleteCloudItem, openCloudItem };
}
