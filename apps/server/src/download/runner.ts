// The job runner: jobs run with bounded concurrency. Routes only submit; a Redis-backed runner
// (BullMQ) can take this one's place behind the same interface.
export interface Job {
  /** The task or batch item it serves (for cancel). */
  id: string;
  run(signal: AbortSignal): Promise<void>;
}

export interface JobRunner {
  submit(job: Job): void;
  /** Stops a queued or running job; its handler cleans up on the abort signal. */
  cancel(id: string): void;
  /** Number of queued plus running jobs. */
  readonly load: number;
  /** Cancels everything and waits for running jobs to end. */
  close(): Promise<void>;
}

export class InProcessJobRunner implements JobRunner {
  private readonly queue: Job[] = [];
  private readonly running = new Map<string, { controller: AbortController; done: Promise<void> }>();
  private closed = false;

  constructor(
    private readonly concurrency: number,
    private readonly onError: (error: unknown, job: Job) => void = () => {},
  ) {}

  get load(): number {
    return this.queue.length + this.running.size;
  }

  submit(job: Job): void {
    if (this.closed) throw new Error('The job runner is closed');
    this.queue.push(job);
    this.next();
  }

  cancel(id: string): void {
    const index = this.queue.findIndex((job) => job.id === id);
    if (index >= 0) {
      const [job] = this.queue.splice(index, 1);
      // A queued job still runs its handler with an aborted signal, so it reports its end.
      if (job) this.start(job, true);
    }
    this.running.get(id)?.controller.abort();
  }

  private next(): void {
    while (this.running.size < this.concurrency && this.queue.length > 0) {
      const job = this.queue.shift();
      if (job) this.start(job, false);
    }
  }

  private start(job: Job, aborted: boolean): void {
    const controller = new AbortController();
    if (aborted) controller.abort();
    const done = Promise.resolve()
      .then(() => job.run(controller.signal))
      .catch((error: unknown) => this.onError(error, job))
      .finally(() => {
        this.running.delete(job.id);
        if (!this.closed) this.next();
      });
    this.running.set(job.id, { controller, done });
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const job of this.queue.splice(0)) this.start(job, true);
    for (const { controller } of this.running.values()) controller.abort();
    await Promise.all([...this.running.values()].map((entry) => entry.done));
  }
}
