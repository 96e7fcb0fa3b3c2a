// What the hub answers a client that joins a task or batch group: the group's current state at
// once, so a late or reconnecting client never waits for an event that already happened. The hub
// only forwards these messages; the download rules behind them live here.
import { hubEvents, type BatchStatus, type DownloadTask } from '@grabbit/contracts';
import type { HubAnswer, HubState } from '../realtime/hub';
import { downloadFailures } from './failures';

export interface DownloadStateReader {
  task(taskId: string): Promise<DownloadTask | undefined>;
  batch(batchId: string): Promise<BatchStatus | undefined>;
}

export function taskAnswer(taskId: string, task: DownloadTask | undefined): HubAnswer[] {
  if (!task) {
    const { message, code } = downloadFailures.taskNotFound();
    return [{ event: hubEvents.taskError, args: [taskId, { message, code }] }];
  }
  if (task.status === 'completed') return [{ event: hubEvents.taskCompleted, args: [taskId, task] }];
  if (task.status === 'error') {
    const error = { message: task.error ?? 'Download failed', code: task.errorCode ?? 'DOWNLOAD_FAILED' };
    return [{ event: hubEvents.taskError, args: [taskId, error] }];
  }
  const progress = {
    status: task.status,
    progress: task.progress,
    stage: task.stage,
    speed: null,
    eta: null,
  };
  return [{ event: hubEvents.taskProgress, args: [taskId, progress] }];
}

export function batchAnswer(batchId: string, batch: BatchStatus | undefined): HubAnswer[] {
  if (!batch)
    return [
      { event: hubEvents.batchError, args: [batchId, { message: downloadFailures.batchNotFound().message }] },
    ];
  if (batch.status === 'error')
    return [{ event: hubEvents.batchError, args: [batchId, { message: batch.message }] }];
  const answers: HubAnswer[] = [{ event: hubEvents.batchProgress, args: [batchId, batch.progress] }];
  if (batch.status === 'completed') {
    const end = { success: batch.failedItems === 0, message: batch.message };
    answers.push({ event: hubEvents.batchCompleted, args: [batchId, end] });
  }
  return answers;
}

export function downloadHubState(reader: DownloadStateReader): HubState {
  return {
    task: async (taskId) => taskAnswer(taskId, await reader.task(taskId)),
    batch: async (batchId) => batchAnswer(batchId, await reader.batch(batchId)),
  };
}
