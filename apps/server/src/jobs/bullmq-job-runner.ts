// The job runner in scaled mode: BullMQ on Redis, from the same job table as the in-process runner.
// One queue per job name; any process may queue, every worker process runs the jobs with the
// name's concurrency and wall-clock limit. A worker killed mid-job loses its lock; another
// worker's stalled check hands the job back to the queue (up to `maxStalledCount` times, then it
// fails with a clear reason), and the final failure of any job reaches its name's `onFailure`, so
// its task ends as an error instead of staying "downloading".
import type { Job, Queue, Worker } from 'bullmq';
import type { Redis } from 'ioredis';
import { QueueUnavailableError, redisReady } from '../redis/redis-connection';
import { JobDeferred, JobHandedBack } from './hand-back';
import { checkTable, type FailedJob, type JobOf, type JobSpec, type JobTable } from './job-table';
import type { JobDataByName } from './job-types';
import { LocalTurns } from './local-turns';
import type { JobRunner } from './runner';
import { JobTimeoutError, QueueBusyError } from './queue-errors';

/** BullMQ is loaded by the first queue or worker: an embedded server never holds it in memory. */
const bullmq = () => import('bullmq');

/** How long a taken job waits for the commands connection before it goes back to the queue. */
const commandsWaitMs = 5_000;

export interface BullMQJobRunnerOptions {
  /** A 'commands' connection (fails fast while Redis is away). */
  connection: Redis;
  prefix?: string;
  /** A worker's lock on a running job; a dead worker's job is recovered after about this long. */
  lockDurationMs?: number;
  stalledIntervalMs?: number;
  /** Hand-backs of one job after dead workers before it fails for good. */
  maxStalledCount?: number;
  retryAfterSeconds?: number;
  /** Set on processes that run jobs: a waiting connection for the workers' blocking reads. */
  workerConnection?: () => Redis;
  /** How long running jobs may finish at shutdown before they are handed back. */
  shutdownGraceMs?: number;
  /** A run starts here (for the logs: which worker runs which job). */
  onStart?: (name: string, jobId: string, attempt: number) => void;
  onError?: (error: unknown) => void;
}

export class BullMQJobRunner<M = JobDataByName> implements JobRunner<M> {
  /** Ready queues; one whose set-up failed (Redis away) is dropped and made again when needed. */
  private readonly queues = new Map<string, Promise<Queue>>();
  private readonly workers: Worker[] = [];
  /** Running jobs of this process, for the hand-back at shutdown. */
  private readonly running = new Map<string, { name: string; controller: AbortController }>();
  private readonly prefix: string;
  private closed = false;
  /** This process's own work (post reads) in the names' turns, beside the jobs it runs. */
  private readonly turns: LocalTurns;

  constructor(
    private readonly table: JobTable<M>,
    private readonly options: BullMQJobRunnerOptions,
  ) {
    this.prefix = options.prefix ?? 'grabbit';
    this.turns = new LocalTurns(
      (name) => this.settings(name).concurrency,
      (name) => [...this.running.values()].filter((entry) => entry.name === name).length,
    );
  }

  get names(): string[] {
    return Object.keys(this.table);
  }

  private settings(name: string): JobSpec<unknown> {
    const settings = (this.table as Record<string, JobSpec<unknown> | undefined>)[name];
    if (!settings) throw new Error(`No queue for job "${name}"`);
    return settings;
  }

  /**
   * The queue for a job name. BullMQ keeps the failure of a queue's first set-up forever, so a
   * queue made while Redis was away is dropped and made again once Redis is back.
   */
  private queue(name: string): Promise<Queue> {
    this.settings(name);
    let ready = this.queues.get(name);
    if (!ready) {
      const made = bullmq().then(({ Queue }) => {
        const queue = new Queue(name, { connection: this.options.connection, prefix: this.prefix });
        queue.on('error', () => {});
        return queue;
      });
      ready = made.then((queue) => queue.waitUntilReady().then(() => queue));
      ready.catch(() =>
        made.then(
          (queue) => this.dropQueue(name, queue),
          () => this.queues.delete(name),
        ),
      );
      this.queues.set(name, ready);
    }
    return ready;
  }

  private dropQueue(name: string, queue: Queue): void {
    this.queues.delete(name);
    void queue.close().catch(() => undefined);
  }

  /** Queues a job; throws QueueBusyError when the queue is full, QueueUnavailableError without Redis. */
  async submit(job: JobOf<M>): Promise<void> {
    if (this.closed) throw new Error('The job runner is closed');
    const { name, data, id: jobId } = job;
    const settings = this.settings(name);
    if (this.options.connection.status !== 'ready') throw new QueueUnavailableError();
    let queue: Queue | undefined;
    try {
      queue = await this.queue(name);
      const waiting = await queue.getWaitingCount();
      if (waiting >= (settings.queueLimit ?? Infinity))
        throw new QueueBusyError(this.options.retryAfterSeconds ?? 30);
      await queue.add(name, data, {
        jobId,
        attempts: settings.attempts ?? 1,
        backoff: settings.retryDelayMs ? { type: 'custom' } : { type: 'exponential', delay: 1_000 },
        // Finished jobs are only bookkeeping: their tasks hold the state visitors see.
        removeOnComplete: { age: 60 * 60, count: 1_000 },
        removeOnFail: { age: 24 * 60 * 60, count: 5_000 },
      });
    } catch (error) {
      if (error instanceof QueueBusyError) throw error;
      if (queue) this.dropQueue(name, queue);
      throw new QueueUnavailableError(error);
    }
  }

  /**
   * The process's own work waits until its jobs of the name and its other work leave a turn free;
   * an API node that runs no jobs bounds its own work by the name's concurrency alone.
   */
  async inTurn<T>(name: keyof M & string, work: () => Promise<T>): Promise<T> {
    if (this.closed) throw new Error('The job runner is closed');
    return this.turns.run(name, work);
  }

  /** Removes a job that no worker has taken yet; false when one runs it (or it is gone). */
  async discard({ name, id }: { name: string; id: string }): Promise<boolean> {
    try {
      const queue = await this.queue(name);
      const job = await queue.getJob(id);
      if (!job || !(await job.isWaiting())) return false;
      return (await queue.remove(id)) === 1;
    } catch {
      return false;
    }
  }

  async load(): Promise<number> {
    const depth = await this.depth().catch((error: unknown) => {
      throw new QueueUnavailableError(error);
    });
    return Object.values(depth).reduce((sum, queue) => sum + queue.waiting + queue.active, 0);
  }

  /** Waiting and running jobs per name, across all workers (for /health). */
  async depth(): Promise<Record<string, { waiting: number; active: number }>> {
    const depth: Record<string, { waiting: number; active: number }> = {};
    for (const name of this.names) {
      const queue = await this.queue(name);
      const counts = await queue.getJobCounts('waiting', 'active', 'delayed', 'prioritized');
      depth[name] = {
        waiting: (counts.waiting ?? 0) + (counts.delayed ?? 0) + (counts.prioritized ?? 0),
        active: counts.active ?? 0,
      };
    }
    return depth;
  }

  /**
   * Starts this process's workers, one BullMQ worker per job name with its concurrency; a process
   * without a worker connection (an API-only node) only queues.
   */
  async start(): Promise<void> {
    checkTable(this.table as Record<string, { handler?: unknown }>, this.names);
    const { workerConnection, onStart, onError } = this.options;
    if (!workerConnection) return;
    const connection = workerConnection();
    const { Worker } = await bullmq();
    for (const name of this.names) {
      const settings = this.settings(name);
      const worker = new Worker(
        name,
        (job, token, signal) => {
          onStart?.(name, job.id ?? '', job.attemptsStarted);
          return this.run(settings, job, token, signal);
        },
        {
          connection,
          prefix: this.prefix,
          concurrency: settings.concurrency,
          lockDuration: this.options.lockDurationMs ?? 30_000,
          stalledInterval: this.options.stalledIntervalMs ?? 30_000,
          maxStalledCount: this.options.maxStalledCount ?? 1,
          autorun: false,
          ...(settings.retryDelayMs
            ? {
                settings: {
                  backoffStrategy: (attemptsMade: number, _type?: string, error?: Error) =>
                    settings.retryDelayMs?.(attemptsMade, error ?? new Error('failed')) ?? 1_000,
                },
              }
            : {}),
        },
      );
      worker.on('failed', (job, error) => {
        // finishedOn is set only when the job will not run again.
        if (!job?.finishedOn) return;
        const failed: FailedJob = { name, jobId: job.id ?? '', data: job.data, error };
        Promise.resolve(settings.onFailure?.(failed)).catch((failure: unknown) => onError?.(failure));
      });
      worker.on('error', (error) => onError?.(error));
      this.workers.push(worker);
      void worker.run().catch((error: unknown) => onError?.(error));
      await worker.waitUntilReady();
    }
  }

  private async run(
    settings: JobSpec<unknown>,
    job: Job,
    token: string | undefined,
    cancelled: AbortSignal | undefined,
  ): Promise<void> {
    const jobId = job.id ?? '';
    const controller = new AbortController();
    const timer = setTimeout(
      () => controller.abort(new JobTimeoutError(settings.timeoutMs)),
      settings.timeoutMs,
    );
    const onCancel = () => controller.abort(cancelled?.reason);
    cancelled?.addEventListener('abort', onCancel, { once: true });
    this.running.set(jobId, { name: job.name, controller });
    try {
      await this.commandsReady();
      await settings.handler(job.data, { jobId, attempt: job.attemptsStarted, signal: controller.signal });
      if (controller.signal.aborted) throw controller.signal.reason;
    } catch (error) {
      const reason: unknown = controller.signal.aborted ? controller.signal.reason : error;
      const { DelayedError, UnrecoverableError, WaitingError } = await bullmq();
      if (reason instanceof JobDeferred) {
        // Not its turn yet: back to the delayed set, without counting an attempt.
        await job.moveToDelayed(Date.now() + reason.delayMs, token);
        throw new DelayedError();
      }
      if (reason instanceof JobHandedBack) {
        // Handed back: another worker starts it again, without counting a failed attempt.
        await job.moveToWait(token);
        throw new WaitingError();
      }
      if (reason instanceof JobTimeoutError) throw new UnrecoverableError(reason.message);
      throw reason instanceof Error ? reason : new Error(String(reason));
    } finally {
      clearTimeout(timer);
      cancelled?.removeEventListener('abort', onCancel);
      this.running.delete(jobId);
      this.turns.next();
    }
  }

  /**
   * Once Redis is back, a worker's waiting connection may take a job before the commands connection
   * (through which handlers write their state, failing at once while it is away) has reconnected:
   * the job waits for it, and goes back to the queue for a moment when it does not come soon,
   * instead of failing on its first write.
   */
  private async commandsReady(): Promise<void> {
    if (!(await redisReady(this.options.connection, commandsWaitMs))) throw new JobDeferred(1_000);
  }

  /**
   * Stops taking jobs and lets running ones finish for up to `graceMs`; what still runs then is
   * handed back to the queue for another worker. Closes the queues too.
   */
  async close(graceMs = this.options.shutdownGraceMs ?? 10_000): Promise<void> {
    this.closed = true;
    this.turns.close();
    const finished = Promise.all(this.workers.map((worker) => worker.close()));
    const timer = setTimeout(() => {
      for (const { controller } of this.running.values()) controller.abort(new JobHandedBack());
    }, graceMs);
    try {
      await finished;
    } finally {
      clearTimeout(timer);
    }
    const queues = await Promise.allSettled(this.queues.values());
    this.queues.clear();
    await Promise.all(
      queues.map((settled) => (settled.status === 'fulfilled' ? settled.value.close() : undefined)),
    );
  }
}
