// The queues and handlers the BullMQ runner tests use, shared by the test and the worker process
// it kills: "sleep" waits `data.ms` (or until aborted) and records each run in Redis.
import type { Redis } from 'ioredis';
import type { JobHandler, QueueSettings } from '../../src/jobs/bullmq-queues';

export interface SleepJob {
  ms: number;
  /** Throw on runs before this one (to test retries). */
  failUntilAttempt?: number;
}

export function testQueues(overrides: Partial<QueueSettings> = {}): Record<string, QueueSettings> {
  return { sleep: { concurrency: 2, timeoutMs: 20_000, queueLimit: 50, attempts: 2, ...overrides } };
}

/** Recovery settings fast enough for tests: a dead worker's job is back within about 2 s. */
export const fastRecovery = { lockDurationMs: 1_500, stalledIntervalMs: 500 };

export function sleepHandler(redis: Redis, worker: string): JobHandler {
  return async (data, { jobId, attempt, signal }) => {
    const job = data as SleepJob;
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
