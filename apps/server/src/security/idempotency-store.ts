// What the Idempotency-Key of each client's calls that start work answered, kept for a day: in
// this process (embedded mode) or in Redis (scaled mode: every API node sees the same keys). A key
// is first reserved (pending) by the one request that goes on to start the job; its answer is
// written once sent. A pending key whose request never finished (its process died) is forgotten
// after `pendingMs`, so a retry then starts afresh.
import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';
import { LRUCache } from 'lru-cache';

export interface IdempotentAnswer {
  status: number;
  /** The JSON answer as sent. */
  body: string;
}

export interface IdempotencyEntry {
  /** The request's fingerprint (route, parameters and body); absent until its body was read. */
  fingerprint?: string;
  answer?: IdempotentAnswer;
}

export interface IdempotencyStore {
  get(client: string, key: string): Promise<IdempotencyEntry | undefined>;
  /** Reserves the key for this request: false when it is taken (pending or answered). */
  reserve(client: string, key: string): Promise<boolean>;
  /** Writes the reserved key's entry; with an answer it is kept for `keepMs`. */
  write(client: string, key: string, entry: IdempotencyEntry): Promise<void>;
  /** Forgets a key (its request failed: a retry may start afresh). */
  forget(client: string, key: string): Promise<void>;
}

export const keepMs = 24 * 3_600_000;
export const pendingMs = 10 * 60_000;

/** One client's key, hashed (a key is the client's text: its length and characters stay out). */
const entryId = (client: string, key: string) =>
  `${client}:${createHash('sha256').update(key).digest('base64url')}`;

export class MemoryIdempotencyStore implements IdempotencyStore {
  private readonly entries = new LRUCache<string, IdempotencyEntry>({ max: 50_000, ttl: keepMs });

  async get(client: string, key: string): Promise<IdempotencyEntry | undefined> {
    return this.entries.get(entryId(client, key));
  }

  async reserve(client: string, key: string): Promise<boolean> {
    const id = entryId(client, key);
    if (this.entries.has(id)) return false;
    this.entries.set(id, {}, { ttl: pendingMs });
    return true;
  }

  async write(client: string, key: string, entry: IdempotencyEntry): Promise<void> {
    this.entries.set(entryId(client, key), entry, { ttl: entry.answer ? keepMs : pendingMs });
  }

  async forget(client: string, key: string): Promise<void> {
    this.entries.delete(entryId(client, key));
  }
}

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
