// A batch's status as clients read it, from its items and their tasks' states: its progress is the
// mean of its items' (a failed item counts as done), and it ends once every item has: completed
// when at least one item is ready, an error when none is.
import type { BatchStatus, DownloadTask } from '@grabbit/contracts';
import { apiPath, apiRoutes } from '@grabbit/contracts';

/** The batch as its record keeps it: its title and each item's link, title and task. */
export interface BatchItems {
  title: string;
  items: { url: string; title: string | null; taskId: string }[];
}

/** The status of a batch whose items' tasks are `tasks` (in item order; undefined when gone). */
export function batchStatus(
  batchId: string,
  batch: BatchItems,
  tasks: (DownloadTask | undefined)[],
): BatchStatus {
  const items = batch.items.map((item, index) => {
    const task = tasks[index];
    return {
      url: item.url,
      title: task?.title ?? item.title,
      taskId: item.taskId,
      // A task that is gone (expired with its record) cannot finish any more.
      status: task?.status ?? 'error',
      progress: task?.progress ?? 0,
      ...(task?.error ? { error: task.error } : {}),
    };
  });
  const completedItems = items.filter((i) => i.status === 'completed').length;
  const failedItems = items.filter((i) => i.status === 'error').length;
  const finished = completedItems + failedItems === items.length;
  const progress = Math.floor(
    items.reduce((sum, i) => sum + (i.status === 'error' ? 100 : i.progress), 0) / items.length,
  );
  const status = !finished
    ? items.some((i) => i.status !== 'pending')
      ? 'downloading'
      : 'pending'
    : completedItems > 0
      ? 'completed'
      : 'error';
  return {
    success: true,
    batchId,
    title: batch.title,
    status,
    progress: finished ? 100 : progress,
    totalItems: items.length,
    completedItems,
    failedItems,
    items,
    downloadUrl: apiPath(apiRoutes.batchZip, { batchId }),
    message: batchMessage(completedItems, failedItems, finished),
  };
}

function batchMessage(completed: number, failed: number, finished: boolean): string {
  if (!finished) return `${completed} of ${completed + failed} ready so far`;
  if (failed === 0) return 'Successfully downloaded playlist.';
  if (completed === 0) return 'No item of the playlist could be downloaded.';
  return `Some items failed: ${completed} downloaded, ${failed} failed.`;
}
