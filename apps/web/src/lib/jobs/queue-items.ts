// The one reducer of queue items, shared by the downloader's and the converter's queues: items are
// added, changed, removed, and learn their job's state (status, progress, result link, error) from
// the follower. Each page adds its own words for that state (a download "processing", a conversion
// "finishing") in its own reducer, on top of this one.
import type { Job } from '@grabbit/contracts';

/** What a queue item knows of its job, as last followed. */
interface FollowedState {
  status: Job['status'];
  /** 0-100; only moves forward while the job runs. */
  progress: number;
  /** The kind's own word for where the job is (downloading, processing, converting). */
  stage: string;
  resultUrl?: string;
  resultBytes?: number;
  error?: string;
  errorCode?: string;
}

export interface JobQueueItem {
  id: string;
  /** The job the item follows (by its id), once started. */
  followed?: FollowedState;
}

export type QueueItemsAction<T extends JobQueueItem> =
  | { type: 'add'; items: T[] }
  | { type: 'update'; id: string; patch: Partial<T> }
  | { type: 'remove'; id: string }
  | { type: 'job'; id: string; job: Job };

const finalStatuses: ReadonlySet<Job['status']> = new Set(['done', 'failed', 'cancelled']);

/** The item's state after a new read of its job: a final state is never undone by a late event. */
export function followedState(current: FollowedState | undefined, job: Job): FollowedState {
  if (current && finalStatuses.has(current.status)) return current;
  const running = !finalStatuses.has(job.status);
  return {
    status: job.status,
    progress: running ? Math.max(current?.progress ?? 0, job.progress) : job.progress,
    stage: job.stage,
    ...(job.result ? { resultUrl: job.result.url } : {}),
    ...(job.result?.bytes === undefined ? {} : { resultBytes: job.result.bytes }),
    ...(job.error ? { error: job.error.message, errorCode: job.error.code } : {}),
  };
}

export function queueItemsReducer<T extends JobQueueItem>(items: T[], action: QueueItemsAction<T>): T[] {
  switch (action.type) {
    case 'add':
      return [...items, ...action.items];
    case 'update':
      return items.map((item) => (item.id === action.id ? { ...item, ...action.patch } : item));
    case 'remove':
      return items.filter((item) => item.id !== action.id);
    case 'job':
      return items.map((item) =>
        item.id === action.id ? { ...item, followed: followedState(item.followed, action.job) } : item,
      );
  }
}
