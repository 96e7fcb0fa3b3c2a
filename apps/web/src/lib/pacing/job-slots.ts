// The page's own share of the server's cap on running jobs per client: a download, a post or
// playlist read, a batch or a conversion runs only in a free slot, the others wait their turn in
// order. The number of slots is the server's (GET /api/config limits.activeJobsPerClient) once
// known, else the shipped default; so the page never asks for more at once than it may run.
import { pacing } from '@grabbit/catalog';

export class JobSlots {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  private readonly size: number;

  constructor(size: number = pacing.activeJobsPerClient) {
    this.size = size >= 1 ? Math.floor(size) : pacing.activeJobsPerClient;
  }

  /** Runs `work` in a slot, once one is free; the slot is given back when `work` settles. */
  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.running >= this.size) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.running += 1;
    try {
      return await work();
    } finally {
      this.running -= 1;
      this.startWaiting();
    }
  }

  private startWaiting(): void {
    while (this.running < this.size && this.waiting.length > 0) {
      this.running += 1;
      this.waiting.shift()?.();
    }
  }
}
