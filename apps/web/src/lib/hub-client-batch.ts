// Batch listener: progress, error and completion of one playlist batch.
// Completion reports 100 %; the callbacks are dropped 5 s after the batch completed or failed.
import { network } from '@grabbit/catalog';
import type { BatchCompletedEvent } from '@grabbit/contracts';
import { hubEvents } from '@grabbit/contracts/events';
import type { HubClient } from './hub-client';

export interface BatchCallbacks {
  onProgress?: (progress: number) => void;
  onError?: (message: string) => void;
  onCompleted?: (result: BatchCompletedEvent) => void;
}

/** Listens to one batch (join the group separately); returns a function that stops listening now. */
export function listenToBatch(hub: HubClient, batchId: string, callbacks: BatchCallbacks): () => void {
  let cleanupTimer: ReturnType<typeof setTimeout> | undefined;
  const unsubscribers = [
    hub.on(hubEvents.batchProgress, (id: string, progress: number) => {
      if (id === batchId) callbacks.onProgress?.(progress);
    }),
    hub.on(hubEvents.batchError, (id: string, error: { message?: string } | undefined) => {
      if (id !== batchId) return;
      callbacks.onError?.(error?.message || 'An error occurred');
      scheduleCleanup();
    }),
    hub.on(hubEvents.batchCompleted, (id: string, result: BatchCompletedEvent) => {
      if (id !== batchId) return;
      callbacks.onProgress?.(100);
      callbacks.onCompleted?.(result);
      scheduleCleanup();
    }),
  ];
  const stop = () => {
    if (cleanupTimer) clearTimeout(cleanupTimer);
    for (const unsubscribe of unsubscribers) unsubscribe();
    hub.leaveBatch(batchId);
  };
  function scheduleCleanup() {
    cleanupTimer ??= setTimeout(stop, network.batchCallbackCleanupMs);
  }
  return stop;
}
