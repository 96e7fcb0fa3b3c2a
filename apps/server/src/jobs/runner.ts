// The job runner: jobs (plain data) run by the one handler registered for their name, each name
// with its own bounded concurrency and, where set, a bounded queue (more are refused with BUSY).
// Routes and services only submit; a Redis-backed runner (BullMQ) takes this one's place behind
// the same interface.
import { AppError } from '../core/app-error';
import { jobNames, type Job, type JobHandler, type JobHandlers, type JobName } from './job-types';

export interface JobRunner {
  /** Registers one handler per job name; refuses to start when a name has none. */
  start(handlers: JobHandlers): Promise<void>;
  /** Queues a job; its data must survive a trip through JSON. */
  submit(job: Job): Promise<void>;
  /** Removes a job still waiting for its turn; false when it already runs (or is unknown). */
  discard(job: Pick<Job, 'name' | 'id'>): Promise<boolean>;
  /** Number of queued plus running jobs. */
  load(): Promise<number>;
  /** Stops taking jobs, aborts running ones and waits for them to end. */
  close(): Promise<void>;
}

/** Throws when a handler is missing for a job name (checked at start-up, not on the first job). */
export function checkHandlers(handlers: Partial<JobHandlers>): asserts handlers is JobHandlers {
  const missing = jobNames.filter((name) => typeof handlers[name] !== 'function');
  if (missing.length > 0) throw new Error(`No job handler for: ${missing.join(', ')}`);
}

/** The in-process limits of one job name. */
export interface JobLimits {
  /** Jobs of the name running at once. */
  concurrency: number;
  /** Jobs of the name waiting beyond the running ones; more are refused with 503 BUSY. */
  queueLimit?: number;
  /** The refusal's words for the visitor. */
  busyMessage?: string;
}

const defaultBusyMessage = 'The server is busy right now. Please try again in a minute.';

export class InProcessJobRunner implements JobRunner {
  /** Waiting jobs in submission order (names interleaved; each name takes its own turns). */
  private readonly queue: Job[] = [];
  private readonly running = new Map<
    string,
    { job: Job; controller: AbortController; done: Promise<void> }
  >();
  private handlers: JobHandlers | undefined;
  private closed = false;

  constructor(
    private readonly limits: Record<JobName, JobLimits>,
    private readonly onError: (error: unknown, job: Job) => void = () => {},
  ) {}

  async start(handlers: JobHandlers): Promise<void> {
    checkHandlers(handlers);
    this.handlers = handlers;
    this.next();
  }

  async discard(job: Pick<Job, 'name' | 'id'>): Promise<boolean> {
    const index = this.queue.findIndex((queued) => queued.name === job.name && queued.id === job.id);
    if (index < 0) return false;
    this.queue.splice(index, 1);
    return true;
  }

  async load(): Promise<number> {
    return this.queue.length + this.running.size;
  }

  async submit(job: Job): Promise<void> {
    if (this.closed) throw new Error('The job runner is closed');
    const limits = this.limits[job.name];
    const { queueLimit } = limits;
    if (queueLimit !== undefined && this.count(job.name) >= limits.concurrency) {
      const waiting = this.queue.filter((queued) => queued.name === job.name).length;
      if (waiting >= queueLimit) throw new AppError('BUSY', limits.busyMessage ?? defaultBusyMessage);
    }
    // The same copy a queue would store: a job that only works with live objects fails here.
    this.queue.push(JSON.parse(JSON.stringify(job)) as Job);
    this.next();
  }

  /** Running jobs of one name. */
  private count(name: JobName): number {
    let running = 0;
    for (const entry of this.running.values()) if (entry.job.name === name) running += 1;
    return running;
  }

  private next(): void {
    if (!this.handlers) return;
    for (let index = 0; index < this.queue.length;) {
      const job = this.queue[index] as Job;
      if (this.count(job.name) < this.limits[job.name].concurrency) {
        this.queue.splice(index, 1);
        this.run(job, false);
      } else index += 1;
    }
  }

  private run(job: Job, aborted: boolean): void {
    const handler = this.handlers?.[job.name] as JobHandler<JobName> | undefined;
    const controller = new AbortController();
    if (aborted) controller.abort();
    const key = `${job.name}:${job.id}`;
    const done = Promise.resolve()
      .then(() => {
        if (!handler) throw new Error(`No job handler for: ${job.name}`);
        return handler(job.data, controller.signal);
      })
      .catch((error: unknown) => this.onError(error, job))
      .finally(() => {
        this.running.delete(key);
        if (!this.closed) this.next();
      });
    this.running.set(key, { job, controller, done });
  }

  async close(): Promise<void> {
    this.closed = true;
    // Queued jobs still run their handler with an aborted signal, so each reports its end.
    if (this.handlers) for (const job of this.queue.splice(0)) this.run(job, true);
    for (const { controller } of this.running.values()) controller.abort();
    await Promise.all([...this.running.values()].map((entry) => entry.done));
  }
}
