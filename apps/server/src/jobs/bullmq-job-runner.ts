// The JobRunner interface on BullMQ: jobs go to Redis queues shared by every process; this process
// runs them only when it is a worker (`npm run worker`, or an API node without START_WORKER=false).
// A job that fails for good on any worker (its handler broke, its time ran out, its workers died)
// reaches `onFailed`, so its task ends as a clear error instead of staying "downloading".
import { checkHandlers, type JobRunner } from './runner';
import type { Job, JobHandler, JobHandlers, JobName } from './job-types';
import type { BullJobRunner, FailedJob } from './bullmq-queues';
import { QueueUnavailableError } from './queue-errors';
import type { Redis } from 'ioredis';

export interface BullMQJobRunnerOptions {
  runner: BullJobRunner;
  /** Set on processes that run jobs: a waiting connection for the workers' reads. */
  workerConnection?: () => Redis;
  onFailed: (failed: FailedJob) => Promise<void> | void;
  onError?: (error: unknown) => void;
  onStart?: (name: string, jobId: string, attempt: number) => void;
  /** How long running jobs may finish at shutdown before they are handed back. */
  shutdownGraceMs?: number;
}

export class BullMQJobRunner implements JobRunner {
  private closed = false;

  constructor(private readonly options: BullMQJobRunnerOptions) {}

  async start(handlers: JobHandlers): Promise<void> {
    checkHandlers(handlers);
    const { workerConnection } = this.options;
    if (!workerConnection) return;
    const byName: Record<string, (data: unknown, context: { signal: AbortSignal }) => Promise<void>> = {};
    for (const name of Object.keys(handlers) as JobName[]) {
      const handler = handlers[name] as JobHandler<JobName>;
      byName[name] = (data, { signal }) => handler(data as Job['data'], signal);
    }
    await this.options.runner.startWorkers({
      connection: workerConnection(),
      handlers: byName,
      onFailed: this.options.onFailed,
      onStart: this.options.onStart,
      onError: this.options.onError,
    });
  }

  async submit(job: Job): Promise<void> {
    if (this.closed) throw new Error('The job runner is closed');
    await this.options.runner.submit(job.name, job.data, job.id);
  }

  async discard(job: Pick<Job, 'name' | 'id'>): Promise<boolean> {
    return this.options.runner.removeWaiting(job.name, job.id).catch(() => false);
  }

  async load(): Promise<number> {
    const depth = await this.options.runner.depth().catch((error: unknown) => {
      throw new QueueUnavailableError(error);
    });
    return Object.values(depth).reduce((sum, queue) => sum + queue.waiting + queue.active, 0);
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.options.runner.close(this.options.shutdownGraceMs ?? 10_000);
  }
}
