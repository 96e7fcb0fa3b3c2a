// The conversion queue kept in the tab's session storage, so a reload does not lose it. A page
// cannot keep the chosen files, only what the server knows: each item's job. So after a reload
// an item whose upload was in (its job is known) is followed again by its job id, running or
// finished (a finished one fetches its result again), a failed one shows its message, and an item
// that was never sent stays listed as needing its file again (never dropped without a word).
import { conversionJobStatuses, type ConversionJob } from '@grabbit/contracts/convert-jobs';
import type { KeptQueue } from '../../../lib/jobs/use-kept-queue';
import type { QueueItem } from './conversion-queue';

/** What is kept of an item: everything but the local link and the wait (both die with the page). */
export type KeptItem = Omit<QueueItem, 'outputUrl' | 'waiting'>;

type KeyValueStore = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export const notSentMessage =
  'Needs the file again: it was not sent before the page was reloaded, and a page cannot keep a chosen file.';

/** The storage key of a converter page's queue. */
const keptQueueKey = (pageId: string) => `grabbit.conversions.${pageId}`;

export function keptItems(items: readonly QueueItem[]): KeptItem[] {
  return items.map(({ outputUrl: _url, waiting: _waiting, ...kept }) => kept);
}

function isJob(value: unknown): value is ConversionJob {
  const job = value as Partial<ConversionJob> | undefined;
  return (
    typeof job?.jobId === 'string' &&
    typeof job.statusUrl === 'string' &&
    conversionJobStatuses.includes(job.status as ConversionJob['status'])
  );
}

/** A kept item read back, or undefined for anything this page did not write (another version). */
function readItem(value: unknown): KeptItem | undefined {
  const item = value as Partial<KeptItem> | undefined;
  if (typeof item?.id !== 'string' || typeof item.name !== 'string') return undefined;
  if (item.status !== 'converting' && item.status !== 'completed' && item.status !== 'failed')
    return undefined;
  if (item.job !== undefined && !isJob(item.job)) return undefined;
  return { ...item, id: item.id, name: item.name, status: item.status, progress: Number(item.progress) || 0 };
}

/**
 * The queue after a reload: items with a job go on converting (followed by their job; a finished
 * one shows as finishing until its result is fetched again), failed ones stay failed, and items
 * never sent need their file again.
 */
export function restoredItems(kept: readonly KeptItem[]): QueueItem[] {
  return kept.map((item): QueueItem => {
    if (item.status === 'failed') return item;
    if (!item.job) return { ...item, status: 'failed', error: notSentMessage, needsFile: true };
    const finished = item.status === 'completed' || item.job.status === 'completed';
    return {
      ...item,
      status: 'converting',
      progress: 100,
      ...(finished ? { conversion: { stage: 'finishing', percent: 100 } } : {}),
    };
  });
}

export function readKeptQueue(store: KeyValueStore, key: string): KeptItem[] {
  try {
    const parsed: unknown = JSON.parse(store.getItem(key) ?? '[]');
    return Array.isArray(parsed) ? parsed.flatMap((value) => readItem(value) ?? []) : [];
  } catch {
    // Unreadable or blocked storage: the queue starts empty.
    return [];
  }
}

export function writeKeptQueue(store: KeyValueStore, key: string, items: readonly QueueItem[]): void {
  try {
    if (items.length === 0) store.removeItem(key);
    else store.setItem(key, JSON.stringify(keptItems(items)));
  } catch (error) {
    console.warn('Could not keep the conversion queue', error);
  }
}

/** A converter page's queue as lib/jobs/use-kept-queue.ts keeps it. */
export function keptConversions(pageId: string): KeptQueue<QueueItem> {
  const key = keptQueueKey(pageId);
  return {
    read: (store) => restoredItems(readKeptQueue(store, key)),
    write: (store, items) => writeKeptQueue(store, key, items),
  };
}
