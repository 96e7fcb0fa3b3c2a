// Idempotency keys kept in Redis (scaled mode: every API node sees the same keys).
import type { Redis } from 'ioredis';
import {
  entryId,
  keepMs,
  pendingMs,
  type IdempotencyEntry,
  type IdempotencyStore,
} from './idempotency-store';

export class RedisIdempotencyStore implements IdempotencyStore {
  constructor(
    private readonly redis: Redis,
    /** Key prefix, e.g. `grabbit:idempotency:`. */
    private readonly prefix: string,
  ) {}

  private key(client: string, key: string): string {
    return `${this.prefix}${entryId(client, key)}`;
  }

  async get(client: string, key: string): Promise<IdempotencyEntry | undefined> {
    const text = await this.redis.get(this.key(client, key));
    return text === null ? undefined : (JSON.parse(text) as IdempotencyEntry);
  }

  async reserve(client: string, key: string): Promise<boolean> {
    return (await this.redis.set(this.key(client, key), '{}', 'PX', pendingMs, 'NX')) === 'OK';
  }

  async write(client: string, key: string, entry: IdempotencyEntry): Promise<void> {
    await this.redis.set(
      this.key(client, key),
      JSON.stringify(entry),
      'PX',
      entry.answer ? keepMs : pendingMs,
    );
  }

  async forget(client: string, key: string): Promise<void> {
    await this.redis.del(this.key(client, key));
  }
}
