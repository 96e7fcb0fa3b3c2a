// Job records in Redis: one JSON value per record, expiring `ttlMs` after its last change
// (the last change of a task is its result being made, so state and result expire together).
// Changes are compare-and-set in one Lua step, so two processes moving the same batch on at once
// never lose each other's update, and no per-connection WATCH is needed.
import type { Redis } from 'ioredis';

// Writes ARGV[2] only when the stored value is still ARGV[1] ('' = absent); returns 1 when written.
const compareAndSet = `
local current = redis.call('GET', KEYS[1])
if (current or '') ~= ARGV[1] then return 0 end
redis.call('SET', KEYS[1], ARGV[2], 'PX', ARGV[3])
return 1`;

/** A change gives up after this many conflicting writes in a row (never expected in practice). */
const maxConflicts = 500;

export class RedisRecordStore<T> {
  constructor(
    private readonly redis: Redis,
    /** Key prefix, e.g. `grabbit:task:`. */
    private readonly prefix: string,
    private readonly ttlMs: number,
  ) {}

  private key(id: string): string {
    return `${this.prefix}${id}`;
  }

  async get(id: string): Promise<T | undefined> {
    const text = await this.redis.get(this.key(id));
    return text === null ? undefined : (JSON.parse(text) as T);
  }

  async getMany(ids: string[]): Promise<Array<T | undefined>> {
    if (ids.length === 0) return [];
    const texts = await this.redis.mget(ids.map((id) => this.key(id)));
    return texts.map((text) => (text === null ? undefined : (JSON.parse(text) as T)));
  }

  async set(id: string, value: T): Promise<void> {
    await this.redis.set(this.key(id), JSON.stringify(value), 'PX', this.ttlMs);
  }

  /**
   * Applies `change` to the current value atomically and returns what was stored. `change` may
   * run more than once (after a conflicting write) and returns undefined to leave the value as is.
   */
  async update(id: string, change: (current: T | undefined) => T | undefined): Promise<T | undefined> {
    for (let attempt = 0; attempt < maxConflicts; attempt += 1) {
      const before = await this.redis.get(this.key(id));
      const current = before === null ? undefined : (JSON.parse(before) as T);
      const next = change(current);
      if (next === undefined) return current;
      const after = JSON.stringify(next);
      const written = await this.redis.eval(compareAndSet, 1, this.key(id), before ?? '', after, this.ttlMs);
      if (written === 1) return next;
      // Lost to another writer: step aside for a moment, so crowds of writers spread out.
      await new Promise((resolve) => setTimeout(resolve, Math.random() * Math.min(20, attempt + 1)));
    }
    throw new Error(`Too many concurrent changes to ${this.key(id)}`);
  }

  async delete(id: string): Promise<void> {
    await this.redis.del(this.key(id));
  }

  /** Milliseconds until the record expires (-2 when absent), for tests and operators. */
  ttlOf(id: string): Promise<number> {
    return this.redis.pttl(this.key(id));
  }
}
