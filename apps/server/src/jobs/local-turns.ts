// Turns of a job name taken by a process's own work (a post read a request waits for), counted
// with the jobs of that name the process runs, so the name's concurrency bounds both together.
/** Work of this process waiting for a turn of its job name (it is no job: nothing to store). */
interface TurnWaiter {
  name: string;
  start(): void;
  refuse(error: Error): void;
}

/**
 * A job name's turns taken by this process's own work, beside what its runner counts: a runner
 * that runs no jobs here (a scaled API node) still bounds its own work by the name's concurrency.
 */
export class LocalTurns {
  private readonly taken = new Map<string, number>();
  private readonly waiting: TurnWaiter[] = [];

  constructor(
    private readonly concurrency: (name: string) => number,
    /** Turns the name's jobs hold in this process now. */
    private readonly busy: (name: string) => number = () => 0,
    /** A turn ended: the runner may start a queued job in it. */
    private readonly released: () => void = () => {},
  ) {}

  count(name: string): number {
    return this.taken.get(name) ?? 0;
  }

  private free(name: string): boolean {
    return this.count(name) + this.busy(name) < this.concurrency(name);
  }

  run<T>(name: string, work: () => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.waiting.push({
        name,
        start: () => {
          this.taken.set(name, this.count(name) + 1);
          Promise.resolve()
            .then(work)
            .then(resolve, reject)
            .finally(() => {
              this.taken.set(name, this.count(name) - 1);
              // The work that waited in this process first (a visitor's request waits for it).
              this.next();
              this.released();
            });
        },
        refuse: reject,
      });
      this.next();
    });
  }

  /** Starts waiting work whose name has a free turn (called after any turn ends). */
  next(): void {
    for (let index = 0; index < this.waiting.length;) {
      const waiter = this.waiting[index] as TurnWaiter;
      if (this.free(waiter.name)) {
        this.waiting.splice(index, 1);
        waiter.start();
      } else index += 1;
    }
  }

  /** Work still waiting is refused (the process is closing). */
  close(): void {
    for (const waiter of this.waiting.splice(0)) waiter.refuse(new Error('The job runner is closed'));
  }
}
