// Follows a job to its end by reading it (GET /api/jobs/{jobId}) until its status is final. Each
// read sends the last ETag, so an unchanged job costs the server a 304 and no body; a 429 waits for
// its Retry-After. Polling rather than the hub: it needs no socket library, passes every proxy and
// loses nothing across a dropped connection.
import type { Client } from 'openapi-fetch';
import { GrabbitError } from './errors';
import type { Job } from './paths';
import type { paths } from './schema';

export interface FollowOptions {
  /** Called with each new state of the job, the final one included. */
  onChange?: (job: Job) => void;
  signal?: AbortSignal;
  /** Milliseconds between reads while the job runs (default 500). */
  intervalMs?: number;
}

const finalStatuses: ReadonlySet<Job['status']> = new Set(['done', 'failed', 'cancelled']);

const pause = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(signal.reason);
      },
      { once: true },
    );
  });

/** Seconds of a Retry-After header as milliseconds, or undefined. */
const retryAfterMs = (response: Response) => {
  const seconds = Number(response.headers.get('retry-after'));
  return Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : undefined;
};

export async function followJob(
  api: Client<paths>,
  jobId: string,
  { onChange, signal, intervalMs = 500 }: FollowOptions = {},
): Promise<Job> {
  let etag: string | undefined;
  for (;;) {
    signal?.throwIfAborted();
    const { data, error, response } = await api.GET('/api/jobs/{jobId}', {
      params: { path: { jobId } },
      headers: etag ? { 'if-none-match': etag } : {},
      ...(signal ? { signal } : {}),
    });
    let wait = intervalMs;
    if (data) {
      etag = response.headers.get('etag') ?? undefined;
      onChange?.(data);
      if (finalStatuses.has(data.status)) return data;
    } else if (response.status === 429) {
      wait = retryAfterMs(response) ?? intervalMs * 4;
    } else if (response.status !== 304) {
      throw GrabbitError.from(response, error);
    }
    await pause(wait, signal);
  }
}
