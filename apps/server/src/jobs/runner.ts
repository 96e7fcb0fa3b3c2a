// The job runner: jobs (plain data) run by the one handler their name has in the job table, each
// name with its own bounded concurrency and, where set, a bounded queue (more are refused with
// BUSY). Services only submit and read (JobQueue); the composition root builds, starts and closes
// the runner. The in-process runner is the embedded mode's; BullMQ's takes its place in scaled mode.
import { AppError } from '../core/app-error';
import { JobDeferred } from './hand-back';
import { JobTimeoutError } from './queue-errors';
import { checkTable, defaultBusyMessage, type JobOf, type JobSpec, type JobTable } from './job-table';
import type { JobDataByName } from './job-types';
import { LocalTurns } from './local-turns';

/** What services see of the runner: they queue jobs and read the load, never run them. */
export interface JobQueue<M = JobDataByName> {
  /** Queues a job; its data must survive a trip through JSON. */
  submit(job: JobOf<M>): Promise<void>;
  /** Removes a job still waiting for its turn; false when it already runs (or is unknown). */
  discard(job: { name: keyof M & string; id: string }): Promise<boolean>;
  /** Number of queued plus running jobs. */
  load(): Promise<number>;
  /**
   * Runs work of this process (a post read a request waits for) in one of the name's turns, so it
   * counts toward the name's concurrency with the jobs; it waits its turn like a queued job.
   */
  inTurn<T>(name: keyof M & string, work: () => Promise<T>): Promise<T>;
}

export interface JobRunner<M = JobDataByName> extends JobQueue<M> {
  /** Starts running the table's jobs (a process that only queues never calls it). */
  start(): Promise<void>;
  /** Stops taking jobs, aborts running ones and waits for them to end. */
  close(): Promise<void>;
}

interface Running<M> {
  job: JobOf<M>;
  controller: AbortController;
  done: Promise<void>;
}

export class InProcessJobRunner<M = JobDataByName> implements JobRunner<M> {
  /** Waiting jobs in submission order (names interleaved; each name takes its own turns). */
  private readonly queue: JobOf<M>[] = [];
  private readonly running = new Map<string, Running<M>>();
  /** Jobs waiting out a retry's delay or a deferral, with their timers (cleared at close). */
  private readonly resting = new Map<string, { job: JobOf<M>; timer: NodeJS.Timeout }>();
  /** Each waiting job's attempt number when it is a retry. */
  private readonly attempts = new Map<string, number>();
  private started = false;
  private closed = false;
  /** This process's own work in the names' turns (post reads), counted with the running jobs. */
  private readonly turns: LocalTurns;

  constructor(
    private readonly table: JobTable<M>,
    /** A failure no handler answered for (for the log). */
    private readonly onError: (error: unknown, job: JobOf<M>) => void = () => {},
  ) {
    this.turns = new LocalTurns(
      (name) => this.spec(name).concurrency,
      (name) => this.count(name),
      () => {
        if (!this.closed) this.next();
      },
    );
  }

  private spec(name: string): JobSpec<unknown> {
    return (this.table as Record<string, JobSpec<unknown>>)[name] as JobSpec<unknown>;
  }

  async start(): Promise<void> {
    checkTable(this.table as Record<string, { handler?: unknown }>, Object.keys(this.table));
    this.started = true;
    this.next();
  }

  async discard(job: { name: string; id: string }): Promise<boolean> {
    const resting = this.resting.get(`${job.name}:${job.id}`);
    if (resting) {
      clearTimeout(resting.timer);
      this.resting.delete(`${job.name}:${job.id}`);
      return true;
    }
    const index = this.queue.findIndex((queued) => queued.name === job.name && queued.id === job.id);
    if (index < 0) return false;
    this.queue.splice(index, 1);
    return true;
  }

  async load(): Promise<number> {
    return this.queue.length + this.running.size + this.resting.size;
  }

  async submit(job: JobOf<M>): Promise<void> {
    if (this.closed) throw new Error('The job runner is closed');
    const spec = this.spec(job.name);
    if (spec.queueLimit !== undefined && this.count(job.name) >= spec.concurrency) {
      const waiting = this.queue.filter((queued) => queued.name === job.name).length;
      if (waiting >= spec.queueLimit) throw new AppError('BUSY', spec.busyMessage ?? defaultBusyMessage);
    }
    // The same copy a queue would store: a job that only works with live objects fails here.
    this.queue.push(JSON.parse(JSON.stringify(job)) as JobOf<M>);
    this.next();
  }

  async inTurn<T>(name: keyof M & string, work: () => Promise<T>): Promise<T> {
    if (this.closed) throw new Error('The job runner is closed');
    return this.turns.run(name, work);
  }

  /** Running jobs of one name. */
  private count(name: string): number {
    let running = 0;
    for (const entry of this.running.values()) if (entry.job.name === name) running += 1;
    return running;
  }

  private next(): void {
    if (!this.started) return;
    for (let index = 0; index < this.queue.length;) {
      const job = this.queue[index] as JobOf<M>;
      if (this.count(job.name) + this.turns.count(job.name) < this.spec(job.name).concurrency) {
        this.queue.splice(index, 1);
        this.run(job, false);
      } else index += 1;
    }
  }

  /** Puts a job back in the queue after `delayMs` (a retry when `attempt` is given). */
  private rest(job: JobOf<M>, delayMs: number, attempt?: number): void {
    const key = `${job.name}:${job.id}`;
    const timer = setTimeout(() => {
      this.resting.delete(key);
      if (attempt !== undefined) this.attempts.set(key, attempt);
      this.queue.push(job);
      this.next();
    }, delayMs);
    timer.unref();
    this.resting.set(key, { job, timer });
  }

  /** Whether a failed run goes again later (deferred, or a retry its spec allows): then it rests. */
  private retried(job: JobOf<M>, error: unknown, attempt: number, aborted: boolean): boolean {
    if (this.closed || aborted) return false;
    if (error instanceof JobDeferred) {
      this.rest(job, error.delayMs, attempt);
      return true;
    }
    const spec = this.spec(job.name);
    if (attempt >= (spec.attempts ?? 1) || error instanceof JobTimeoutError) return false;
    const failure = error instanceof Error ? error : new Error(String(error));
    this.rest(job, spec.retryDelayMs?.(attempt, failure) ?? 0, attempt + 1);
    return true;
  }

  private run(job: JobOf<M>, aborted: boolean): void {
    const spec = this.spec(job.name);
    const controller = new AbortController();
    if (aborted) controller.abort();
    const timer = setTimeout(() => controller.abort(new JobTimeoutError(spec.timeoutMs)), spec.timeoutMs);
    timer.unref();
    const key = `${job.name}:${job.id}`;
    const attempt = this.attempts.get(key) ?? 1;
    this.attempts.delete(key);
    const done = Promise.resolve()
      .then(() => spec.handler(job.data, { signal: controller.signal, jobId: job.id, attempt }))
      .catch(async (error: unknown) => {
        const reason: unknown = controller.signal.aborted ? controller.signal.reason : error;
        if (this.retried(job, reason, attempt, aborted)) return;
        this.onError(error, job);
        const failure = error instanceof Error ? error : new Error(String(error));
        await spec.onFailure?.({ name: job.name, jobId: job.id, data: job.data, error: failure });
      })
      .catch((error: unknown) => this.onError(error, job))
      .finally(() => {
        clearTimeout(timer);
        this.running.delete(key);
        if (!this.closed) {
          // A request waiting for a turn goes before queued jobs (those are followed, not awaited).
          this.turns.next();
          this.next();
        }
      });
    this.running.set(key, { job, controller, done });
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const { timer } of this.resting.values()) clearTimeout(timer);
    this.resting.clear();
    this.turns.close();
    // Queued jobs still run their handler with an aborted signal, so each reports its end.
    if (this.started) for (const job of this.queue.splice(0)) this.run(job, true);
    for (const { controller } of this.running.values()) controller.abort();
    await Promise.all([...this.running.values()].map((entry) => entry.done));
  }
}
