// Follows a playlist batch to its end on the hub (progress, error, completion), reading its status
// from the API after a reconnect or while the hub is down.
import type { BatchCompletedEvent, BatchStatus } from '@grabbit/contracts';
import { listenToBatch } from '../../../lib/hub-client-batch';
import { downloadsHub } from '../../../lib/hub-client-instance';
import { getBatchStatus } from './download-api';

const pollWhileOfflineMs = 3000;

class BatchFailedError extends Error {
  override name = 'BatchFailedError';
}

export function followBatch(
  batchId: string,
  onProgress: (progress: number) => void,
): Promise<BatchCompletedEvent> {
  const hub = downloadsHub();
  return new Promise<BatchCompletedEvent>((resolve, reject) => {
    let finished = false;
    const finish = (outcome: () => void) => {
      if (finished) return;
      finished = true;
      clearInterval(poll);
      stopReconnectListener();
      outcome();
    };
    const stopListening = listenToBatch(hub, batchId, {
      onProgress: (progress) => !finished && onProgress(progress),
      onError: (message) => finish(() => reject(new BatchFailedError(message))),
      onCompleted: (result) => finish(() => resolve(result)),
    });
    const applyStatus = (status: BatchStatus) => {
      if (status.status === 'completed') {
        const ok = status.failedItems === 0;
        finish(() => resolve({ success: ok, message: status.message }));
        stopListening();
      } else if (status.status === 'error') {
        finish(() => reject(new BatchFailedError(status.message || 'An error occurred')));
        stopListening();
      } else onProgress(status.progress);
    };
    const refresh = () => {
      if (!finished)
        getBatchStatus(batchId).then(applyStatus, (error: unknown) =>
          console.warn('Reading the batch failed', error),
        );
    };
    const stopReconnectListener = hub.onReconnected(refresh);
    const poll = setInterval(() => {
      if (hub.state !== 'Connected') refresh();
    }, pollWhileOfflineMs);
    void hub.start().then((connected) => {
      if (!finished && (!connected || !hub.joinBatch(batchId))) refresh();
    });
  });
}
