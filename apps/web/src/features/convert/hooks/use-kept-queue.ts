// Keeps a converter page's queue in the tab's session storage (lib/kept-queue.ts): read once after
// the page is hydrated (prerendered pages have no storage), handed to `onRestore`, then written on
// every change. Nothing is written before the kept queue was read, so a first render's empty
// queue never overwrites what the reload should bring back.
import { useEffect, useRef } from 'react';
import type { QueueItem } from '../lib/conversion-queue';
import { keptQueueKey, readKeptQueue, restoredItems, writeKeptQueue } from '../lib/kept-queue';

function sessionStore(): Storage | undefined {
  try {
    return window.sessionStorage;
  } catch {
    // Storage can be blocked (sandboxed frames): the queue then lives as long as the page.
    return undefined;
  }
}

export function useKeptQueue(
  pageId: string,
  items: readonly QueueItem[],
  onRestore: (items: QueueItem[]) => void,
): void {
  const read = useRef(false);
  const restore = useRef(onRestore);
  useEffect(() => {
    restore.current = onRestore;
  });

  useEffect(() => {
    const store = sessionStore();
    if (read.current || !store) return;
    read.current = true;
    const kept = restoredItems(readKeptQueue(store, keptQueueKey(pageId)));
    if (kept.length > 0) restore.current(kept);
  }, [pageId]);

  useEffect(() => {
    const store = sessionStore();
    if (read.current && store) writeKeptQueue(store, keptQueueKey(pageId), items);
  }, [pageId, items]);
}
