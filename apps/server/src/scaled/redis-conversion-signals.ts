// Conversion signals across processes: one Redis pub/sub channel, so the worker's `ended` reaches
// the API node that waits, and the API node's `cancel` reaches the worker that runs. Publishing
// never throws: a lost signal is caught up by the waiter's periodic read of the state store.
import type { Redis } from 'ioredis';
import type { ConversionSignal, ConversionSignals } from '../convert/conversion-signals';

export class RedisConversionSignals implements ConversionSignals {
  private readonly listeners = new Set<(message: ConversionSignal) => void>();
  private readonly subscribed: Promise<unknown>;

  constructor(
    private readonly publisher: Redis,
    private readonly subscriber: Redis,
    private readonly channel: string,
  ) {
    this.subscriber.on('message', (from: string, text: string) => {
      if (from !== this.channel) return;
      let message: ConversionSignal;
      try {
        message = JSON.parse(text) as ConversionSignal;
      } catch {
        return;
      }
      for (const listener of this.listeners) listener(message);
    });
    this.subscribed = this.subscriber.subscribe(this.channel);
  }

  /** Resolves once signals are received. */
  ready(): Promise<unknown> {
    return this.subscribed;
  }

  publish(message: ConversionSignal): void {
    this.publisher.publish(this.channel, JSON.stringify(message)).catch(() => undefined);
  }

  subscribe(listener: (message: ConversionSignal) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  async close(): Promise<void> {
    this.listeners.clear();
    await this.subscriber.unsubscribe(this.channel).catch(() => undefined);
  }
}
