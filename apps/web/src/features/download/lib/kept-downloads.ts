// The download queue kept in the tab's session storage, so a reload does not lose it: each item
// with its task or batch is followed again by that job's id (running or finished). The visitor's
// session cookie is never kept (it lives in the page's memory only), nor is a passing wait. An item
// whose start had not answered before the reload has no job to follow: it comes back failed, with
// Retry to start it again.
import type { TaskStatus } from '@grabbit/contracts';
import type { KeptQueue } from '../../../lib/jobs/use-kept-queue';
import type { QueueItem } from './queue';

export const notStartedMessage = 'The page was reloaded before this download started: Retry starts it again.';

const statuses: readonly TaskStatus[] = ['pending', 'downloading', 'processing', 'completed', 'error'];

/** The storage key of a downloader page's queue. */
const keptDownloadsKey = (platformId: string) => `grabbit.downloads.${platformId}`;

function readItem(value: unknown): QueueItem | undefined {
  const item = value as Partial<QueueItem> | undefined;
  if (typeof item?.id !== 'string' || typeof item.url !== 'string' || typeof item.title !== 'string')
    return undefined;
  if (!statuses.includes(item.status as TaskStatus) || typeof item.format !== 'string') return undefined;
  return { ...item, progress: Number(item.progress) || 0, quality: item.quality ?? 'best' } as QueueItem;
}

/** An item read back: one whose start had not answered needs Retry (there is no job to follow). */
function restoredDownload(item: QueueItem): QueueItem {
  const started = item.taskId !== undefined || item.batchId !== undefined;
  if ((item.status === 'downloading' || item.status === 'processing') && !started)
    return { ...item, status: 'error', error: notStartedMessage, retryable: true };
  return item;
}

export function keptDownloads(platformId: string): KeptQueue<QueueItem> {
  const key = keptDownloadsKey(platformId);
  return {
    read(store) {
      try {
        const parsed: unknown = JSON.parse(store.getItem(key) ?? '[]');
        return Array.isArray(parsed)
          ? parsed.flatMap((value) => readItem(value) ?? []).map(restoredDownload)
          : [];
      } catch {
        // Unreadable or blocked storage: the queue starts empty.
        return [];
      }
    },
    write(store, items) {
      try {
        const kept = items.map(({ sessionCookie: _cookie, ...item }) => item);
        if (kept.length === 0) store.removeItem(key);
        else store.setItem(key, JSON.stringify(kept));
      } catch (error) {
        console.warn('Could not keep the download queue', error);
      }
    },
  };
}
