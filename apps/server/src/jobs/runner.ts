// The job runner: jobs (plain data) run with bounded concurrency by the one handler registered for
// their name. Routes and services only submit; a Redis-backed runner (BullMQ) takes this one's
// place behind the same interface.
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

export class InProcessJobRunner implements JobRunner {
  private readonly queue: Job[] = [];
  private readonly running = new Map<string, { controller: AbortController; done: Promise<void> }>();
  private handlers: JobHandlers | undefined;
  private closed = false;

  constructor(
    private readonly concurrency: number,
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
    // The same copy a queue would store: a job that only works with live objects fails here.
    this.queue.push(JSON.parse(JSON.stringify(job)) as Job);
    this.next();
  }

  private next(): void {
    if (!this.handlers) return;
    while (this.running.size < this.concurrency && this.queue.length > 0) {
      const job = this.queue.shift();
      if (job) this.run(job, false);
    }
  }

  private run(job: Job, aborted: boolean): void {
    const handler = this.handlers?.[job.name] as JobHandler<JobName> | undefined;
    const controller = new AbortController();
    if (aborted) controller.abort();
    const done = Promise.resolve()
      .then(() => {
        if (!handler) throw new Error(`No job handler for: ${job.name}`);
        return handler(job.data, controller.signal);
      })
      .catch((error: unknown) => this.onError(error, job))
      .finally(() => {
        this.running.delete(job.id);
        if (!this.closed) this.next();
      });
    this.running.set(job.id, { controller, done });
  }

  async close(): Promise<void> {
    this.closed = true;
    // Queued jobs still run their handler with an aborted signal, so each reports its end.
    if (this.handlers) for (const job of this.queue.splice(0)) this.run(job, true);
    for (const { controller } of this.running.values()) controller.abort();
    await Promise.all([...this.running.values()].map((entry) => entry.done));
  }
}
