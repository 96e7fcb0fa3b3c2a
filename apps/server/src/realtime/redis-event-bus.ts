// The event bus across processes: every message goes through one Redis pub/sub channel, so a
// worker's progress reaches the hub on every API node, in the order it was published (one
// publishing connection per process keeps that order). Publishing never throws: while Redis is
// away events are dropped and the state store, read on join, still tells the truth.
import type { Redis } from 'ioredis';
import type { HubEventName, HubServerEvents } from '@grabbit/contracts';
import { RedisJsonChannel } from '../redis/redis-json-channel';
import { jobChangedEvent, type BusMessage, type EventBus, type GroupName } from './event-bus';

export class RedisEventBus implements EventBus {
  private readonly channel: RedisJsonChannel<BusMessage>;

  constructor(
    publisher: Redis,
    subscriber: Redis,
    channel = 'grabbit:events',
    onError: (error: unknown) => void = () => {},
  ) {
    this.channel = new RedisJsonChannel(publisher, subscriber, channel, onError);
  }

  /** Resolves once messages are received (a message published before is not). */
  ready(): Promise<unknown> {
    return this.channel.ready();
  }

  publish<E extends HubEventName>(group: GroupName, event: E, ...args: Parameters<HubServerEvents[E]>): void {
    this.channel.publish({ group, event, args });
  }

  publishJobChange(jobId: string): void {
    this.channel.publish({ group: `job:${jobId}`, event: jobChangedEvent, args: [] });
  }

  subscribe(listener: (message: BusMessage) => void): () => void {
    return this.channel.subscribe(listener);
  }

  close(): Promise<void> {
    return this.channel.close();
  }
}
