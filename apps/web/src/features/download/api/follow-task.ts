// Follows one download task to its end on the hub: progress events update the queue item, the
// completed task or the error ends it. After a reconnect (or while the hub is down) the task is read
// from the API, which is the source of truth for anything missed in between.
import type { DownloadTask, TaskErrorEvent, TaskProgressUpdate } from '@grabbit/contracts';
import { hubEvents } from '@grabbit/contracts/events';
import { downloadsHub } from '../../../lib/hub-client-instance';
import { getTask } from './download-api';

export type TaskPatch = Partial<
  Pick<
    DownloadTask,
    'status' | 'progress' | 'title' | 'fileName' | 'fileSize' | 'thumbnailUrl' | 'downloadUrl' | 'error'
  >
>;

/** How often the task is read from the API while the hub is not connected. */
const pollWhileOfflineMs = 3000;

class TaskFailedError extends Error {
  constructor(
    message: string,
    readonly code?: string,
  ) {
    super(message);
    this.name = 'TaskFailedError';
  }
}

/** Resolves with the completed task; rejects with TaskFailedError when the task fails. */
export function followTask(taskId: string, onUpdate: (patch: TaskPatch) => void): Promise<DownloadTask> {
  const hub = downloadsHub();
  return new Promise<DownloadTask>((resolve, reject) => {
    let finished = false;
    const cleanups: (() => void)[] = [];
    const finish = (outcome: () => void) => {
      if (finished) return;
      finished = true;
      for (const cleanup of cleanups) cleanup();
      hub.leaveTask(taskId);
      outcome();
    };
    const applyTask = (task: DownloadTask) => {
      if (task.status === 'completed') finish(() => resolve(task));
      else if (task.status === 'error')
        finish(() => reject(new TaskFailedError(task.error || 'Download failed', task.errorCode)));
      else onUpdate({ status: task.status, progress: task.progress, title: task.title });
    };
    const refresh = () => {
      if (!finished)
        getTask(taskId).then(applyTask, (error: unknown) => console.warn('Reading the task failed', error));
    };

    cleanups.push(
      hub.on(hubEvents.taskProgress, (id: string, update: TaskProgressUpdate) => {
        if (id === taskId && !finished) onUpdate({ status: update.status, progress: update.progress });
      }),
      hub.on(hubEvents.taskCompleted, (id: string, task: DownloadTask) => {
        if (id === taskId) applyTask({ ...task, status: 'completed' });
      }),
      hub.on(hubEvents.taskError, (id: string, error: TaskErrorEvent) => {
        if (id === taskId)
          finish(() => reject(new TaskFailedError(error?.message || 'Download failed', error?.code)));
      }),
      hub.onReconnected(refresh),
    );
    const poll = setInterval(() => {
      if (hub.state !== 'Connected') refresh();
    }, pollWhileOfflineMs);
    cleanups.push(() => clearInterval(poll));

    void hub.start().then((connected) => {
      if (finished) return;
      // Joining a finished task answers its state at once; without a hub the poll takes over.
      if (!connected || !hub.joinTask(taskId)) refresh();
    });
  });
}
