// One Redis pub/sub channel of JSON messages: every process that subscribes receives every
// message (its own included), in the order one publishing connection sent them. Publishing never
// throws: while Redis is away messages are dropped, and the state stores, read again, tell the truth.
import type { Redis } from 'ioredis';

export class RedisJsonChannel<T> {
  private readonly listeners = new Set<(message: T) => void>();
  private readonly subscribed: Promise<unknown>;

  constructor(
    private readonly publisher: Redis,
    private readonly subscriber: Redis,
    private readonly channel: string,
    private readonly onError: (error: unknown) => void = () => {},
  ) {
    this.subscriber.on('message', (from: string, text: string) => {
      if (from !== this.channel) return;
      let message: T;
      try {
        message = JSON.parse(text) as T;
      } catch (error) {
        this.onError(error);
        return;
      }
      for (const listener of this.listeners) listener(message);
    });
    // ioredis subscribes again by itself after a reconnect.
    this.subscribed = this.subscriber.subscribe(this.channel);
  }

  /** Resolves once messages are received (a message published before is not). */
  ready(): Promise<unknown> {
    return this.subscribed;
  }

  publish(message: T): void {
    this.publisher.publish(this.channel, JSON.stringify(message)).catch(this.onError);
  }

  subscribe(listener: (message: T) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  async close(): Promise<void> {
    this.listeners.clear();
    await this.subscriber.unsubscribe(this.channel).catch(() => undefined);
  }
}
