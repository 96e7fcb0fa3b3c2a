// The queues and handlers the BullMQ runner tests use, shared by the test and the worker process
// it kills: "sleep" waits `data.ms` (or until aborted) and records each run in Redis.
import type { Redis } from 'ioredis';
import type { JobHandler, JobSpec, JobTable } from '../../src/jobs/job-table';

export interface SleepJob {
  ms: number;
  /** Throw on runs before this one (to test retries). */
  failUntilAttempt?: number;
}

/** The tests' one job name and its data. */
export interface SleepJobs {
  sleep: SleepJob;
}

/** The sleep queue's table; `handler` runs it (a producer-only runner never calls it). */
export function testTable(
  handler: JobHandler<SleepJob>,
  overrides: Partial<JobSpec<SleepJob>> = {},
): JobTable<SleepJobs> {
  return { sleep: { handler, concurrency: 2, timeoutMs: 20_000, queueLimit: 50, attempts: 2, ...overrides } };
}

/** Recovery settings fast enough for tests: a dead worker's job is back within about 2 s. */
export const fastRecovery = { lockDurationMs: 1_500, stalledIntervalMs: 500 };

export function sleepHandler(redis: Redis, worker: string): JobHandler<SleepJob> {
  return async (job, { jobId, attempt, signal }) => {
    await redis.rpush(`test:runs:${jobId}`, `${worker}:${attempt}:start`);
    if (job.failUntilAttempt && attempt < job.failUntilAttempt) throw new Error(`run ${attempt} failed`);
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, job.ms);
      signal.addEventListener('abort', () => {
        clearTimeout(timer);
        resolve();
      });
    });
    if (!signal.aborted) await redis.rpush(`test:runs:${jobId}`, `${worker}:${attempt}:done`);
  };
}
