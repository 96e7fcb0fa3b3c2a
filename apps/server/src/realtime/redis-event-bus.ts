// The event bus across processes: every message goes through one Redis pub/sub channel, so a
// worker's progress reaches the hub on every API node, in the order it was published (one
// publishing connection per process keeps that order). Publishing never throws: while Redis is
// away events are dropped and the state store, read on join, still tells the truth.
import type { Redis } from 'ioredis';
import type { HubEventName, HubServerEvents } from '@grabbit/contracts';
import type { BusMessage, EventBus, GroupName } from './event-bus';

export class RedisEventBus implements EventBus {
  private readonly listeners = new Set<(message: BusMessage) => void>();
  private readonly subscribed: Promise<unknown>;

  constructor(
    private readonly publisher: Redis,
    private readonly subscriber: Redis,
    private readonly channel = 'grabbit:events',
    private readonly onError: (error: unknown) => void = () => {},
  ) {
    this.subscriber.on('message', (from: string, text: string) => {
      if (from !== this.channel) return;
      let message: BusMessage;
      try {
        message = JSON.parse(text) as BusMessage;
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

  publish<E extends HubEventName>(group: GroupName, event: E, ...args: Parameters<HubServerEvents[E]>): void {
    const message: BusMessage = { group, event, args };
    this.publisher.publish(this.channel, JSON.stringify(message)).catch(this.onError);
  }

  subscribe(listener: (message: BusMessage) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  async close(): Promise<void> {
    this.listeners.clear();
    await this.subscriber.unsubscribe(this.channel).catch(() => undefined);
  }
}
