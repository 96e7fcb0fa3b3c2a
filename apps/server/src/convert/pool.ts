// A bounded pool: at most `concurrency` conversions run at once, at most `queueLimit` wait for a
// slot (more are refused with BUSY instead of piling up), and a waiting job whose visitor left
// gives up its place in the queue.
import { AppError } from '../http/app-error';

export class ConversionPool {
  private running = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(
    private readonly concurrency: number,
    private readonly queueLimit: number,
  ) {}

  get stats(): { running: number; waiting: number } {
    return { running: this.running, waiting: this.waiting.length };
  }

  async run<T>(task: () => Promise<T>, signal: AbortSignal): Promise<T> {
    await this.acquire(signal);
    try {
      return await task();
    } finally {
      this.release();
    }
  }

  private acquire(signal: AbortSignal): Promise<void> {
    if (this.running < this.concurrency) {
      this.running += 1;
      return Promise.resolve();
    }
    if (this.waiting.length >= this.queueLimit) {
      return Promise.reject(
        new AppError('BUSY', 'The converter is busy right now. Please try again in a minute.'),
      );
    }
    return new Promise((resolve, reject) => {
      // The slot is handed over by release(): `running` stays counted for the waiter.
      const start = () => {
        signal.removeEventListener('abort', onAbort);
        resolve();
      };
      const onAbort = () => {
        const index = this.waiting.indexOf(start);
        if (index >= 0) this.waiting.splice(index, 1);
        reject(new AppError('REQUEST_CANCELLED', 'The request was cancelled.'));
      };
      signal.addEventListener('abort', onAbort, { once: true });
      this.waiting.push(start);
    });
  }

  private release(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.running -= 1;
  }
}
