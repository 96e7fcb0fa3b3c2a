// The one follower of the pages' jobs (downloads, batches, conversions): the job's query
// (job-query.ts) observed until the job is final, its hub group joined meanwhile (job-hub.ts). It
// resolves with the final job, so a queue's running work holds its running-job slot until then;
// every follower of a job shares its one query, so a job is read once however many follow it.
import type { Job } from '@grabbit/contracts';
import { QueryObserver, type QueryClient } from '@tanstack/react-query';
import { followOnHub, type JobGroup } from './job-hub';
import { isFinal, jobQueryOptions } from './job-query';

export interface FollowJobOptions {
  /** Called with each new state of the job, the final one included. */
  onChange?: (job: Job) => void;
  /** The hub group that pushes the job's progress, when it has one. */
  group?: JobGroup;
  signal?: AbortSignal;
}

/** Resolves with the job once it is final; rejects when it cannot be read (gone, or no answer). */
export function followJob(
  client: QueryClient,
  jobId: string,
  { onChange, group, signal }: FollowJobOptions = {},
): Promise<Job> {
  return new Promise<Job>((resolve, reject) => {
    const observer = new QueryObserver(client, jobQueryOptions(jobId));
    const leaveHub = group ? followOnHub(client, jobId, group) : () => undefined;
    let last: Job | undefined;
    let ended = false;
    const end = (settle: () => void) => {
      if (ended) return;
      ended = true;
      unsubscribe();
      leaveHub();
      signal?.removeEventListener('abort', onAbort);
      settle();
    };
    const onAbort = () => end(() => reject(signal?.reason as Error));
    const check = () => {
      const result = observer.getCurrentResult();
      const job = result.data?.job;
      if (job && job !== last) {
        last = job;
        onChange?.(job);
        if (isFinal(job)) return end(() => resolve(job));
      }
      if (result.status === 'error' && result.fetchStatus === 'idle') end(() => reject(result.error));
    };
    const unsubscribe = observer.subscribe(check);
    if (signal?.aborted) return onAbort();
    signal?.addEventListener('abort', onAbort, { once: true });
    check();
  });
}
