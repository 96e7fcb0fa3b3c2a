// A job of any kind (a download, a batch, a conversion) as a TanStack query keyed by its id, read
// with GET /api/jobs/{id}. Each read sends the ETag of the state already held, so an unchanged job
// costs a 304 and keeps the cached data. While the job is queued or running it is read again on an
// interval (quick first reads: most jobs are short), and reads stop once it is final. A pacing
// refusal (429/503) is read again after its Retry-After; a job that is gone (404) is not.
import { network } from '@grabbit/catalog';
import type { Job } from '@grabbit/contracts';
import { apiPath, apiRoutes } from '@grabbit/contracts/api-paths';
import { queryOptions, type Query } from '@tanstack/react-query';
import { ApiError, apiRequest } from '../api-client';
import { retryDelayMs } from '../pacing/refusal';

/** The job as last read, with the tag of that state. */
export interface FollowedJob {
  job: Job;
  etag?: string;
}

/** Every followed job's key starts with this (a reconnect re-reads them all). */
export const jobsKey = ['job'] as const;
export const jobKey = (jobId: string) => [...jobsKey, jobId] as const;

const finalStatuses: ReadonlySet<Job['status']> = new Set(['done', 'failed', 'cancelled']);

export const isFinal = (job: Job): boolean => finalStatuses.has(job.status);

/** Reads that may fail in a row (a phone between networks) before the follower gives up. */
const maxMissedReads = 8;

/** The job's state; `previous` when the server says it is unchanged (304). */
async function readJob(
  jobId: string,
  previous: FollowedJob | undefined,
  signal?: AbortSignal,
): Promise<FollowedJob> {
  let etag: string | undefined;
  try {
    const job = await apiRequest<Job>(apiPath(apiRoutes.job, { jobId }), {
      ...(previous?.etag ? { headers: { 'If-None-Match': previous.etag } } : {}),
      ...(signal ? { signal } : {}),
      toastErrors: false,
      // Paced by the query's own retries below.
      waitWhenPaced: false,
      onResponse: (response) => {
        etag = response.headers.get('etag') ?? undefined;
      },
    });
    return { job, ...(etag ? { etag } : {}) };
  } catch (error) {
    if (previous && error instanceof ApiError && error.status === 304) return previous;
    throw error;
  }
}

/** The wait before reading again after `error` (attempt counts from 0), or undefined: give up. */
export function retryWait(attempt: number, error: unknown): number | undefined {
  if (!(error instanceof ApiError)) return undefined;
  if (error.status === 429 || error.status === 503)
    return retryDelayMs({ status: error.status, code: error.serverCode, hints: error.hints }, attempt);
  if (error.status === 404 || attempt >= maxMissedReads) return undefined;
  // Nothing answered, or the server failed: the usual back-off.
  const missed = error.code === 'NO_RESPONSE' || (error.status ?? 0) >= 500;
  return missed ? Math.min(network.queryRetryStartMs * 2 ** attempt, network.queryRetryMaxMs) : undefined;
}

/** Quick first reads, then every 1.5 s; none once the job is final. */
export function readInterval(query: Query<FollowedJob, Error, FollowedJob, readonly unknown[]>) {
  const job = query.state.data?.job;
  if (job && isFinal(job)) return false;
  return Math.min(1500, 150 * 2 ** query.state.dataUpdateCount);
}

export function jobQueryOptions(jobId: string) {
  return queryOptions({
    queryKey: jobKey(jobId),
    queryFn: ({ client, signal }) => readJob(jobId, client.getQueryData<FollowedJob>(jobKey(jobId)), signal),
    refetchInterval: readInterval,
    // A page in a background tab still follows its jobs to their end.
    refetchIntervalInBackground: true,
    // TanStack counts the failures before this one (0 at the first).
    retry: (failureCount, error) => retryWait(failureCount, error) !== undefined,
    retryDelay: (failureCount, error) => retryWait(failureCount, error) ?? 0,
  });
}
