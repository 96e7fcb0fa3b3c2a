// Keeps a page's queue in the tab's session storage, so a reload finds its jobs again: read once
// after the page is hydrated (prerendered pages have no storage), handed to `onRestore`, then
// written on every change. Nothing is written before the kept queue was read, so a first render's
// empty queue never overwrites what the reload should bring back. What is kept of an item, and how
// it comes back, is the page's (`KeptQueue`).
import { useEffect, useRef } from 'react';

type KeyValueStore = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export interface KeptQueue<T> {
  read: (store: KeyValueStore) => T[];
  write: (store: KeyValueStore, items: readonly T[]) => void;
}

function sessionStore(): Storage | undefined {
  try {
    return window.sessionStorage;
  } catch {
    // Storage can be blocked (sandboxed frames): the queue then lives as long as the page.
    return undefined;
  }
}

/** `kept` must keep its identity between renders (a module constant, or memoised). */
export function useKeptQueue<T>(
  kept: KeptQueue<T>,
  items: readonly T[],
  onRestore: (items: T[]) => void,
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
    const found = kept.read(store);
    if (found.length > 0) restore.current(found);
  }, [kept]);

  useEffect(() => {
    const store = sessionStore();
    if (read.current && store) kept.write(store, items);
  }, [kept, items]);
}
