// The counters every per-client budget spends from: fixed windows, one count per key that starts
// at the key's first hit and is gone when its window ends. In memory for one node; in Redis (one
// atomic script) when scaled, so every API node counts one client together, and in memory on
// each node while Redis is away: the budgets still hold per node, and nothing fails because of
// the counters.
import type { Redis } from 'ioredis';

export interface Count {
  /** Hits in the current window, this one included. */
  current: number;
  /** Milliseconds until the window ends. */
  ttlMs: number;
}

export interface RateCounter {
  hit(key: string, windowMs: number): Promise<Count>;
}

export class MemoryRateCounter implements RateCounter {
  private readonly windows = new Map<string, { current: number; endsAt: number }>();
  private nextSweep = 0;

  hit(key: string, windowMs: number): Promise<Count> {
    const now = Date.now();
    this.sweep(now, windowMs);
    let window = this.windows.get(key);
    if (!window || window.endsAt <= now) {
      window = { current: 0, endsAt: now + windowMs };
      this.windows.set(key, window);
    }
    window.current += 1;
    return Promise.resolve({ current: window.current, ttlMs: window.endsAt - now });
  }

  /** Ended windows go once per window length, so memory follows the clients of the last minutes. */
  private sweep(now: number, windowMs: number): void {
    if (now < this.nextSweep) return;
    this.nextSweep = now + windowMs;
    for (const [key, window] of this.windows) if (window.endsAt <= now) this.windows.delete(key);
  }
}

/** Counts and starts the window on the first hit, atomically: [hits, milliseconds left]. */
const hitScript = `
local current = redis.call('INCR', KEYS[1])
if current == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) ttl = tonumber(ARGV[1]) end
return { current, ttl }`;

export class RedisRateCounter implements RateCounter {
  private readonly local = new MemoryRateCounter();

  constructor(
    private readonly redis: Redis,
    /** Name space of the counters' keys. */
    private readonly prefix: string,
    private readonly onFallback: (error: Error) => void,
  ) {}

  async hit(key: string, windowMs: number): Promise<Count> {
    try {
      const answer = await this.redis.eval(hitScript, 1, `${this.prefix}${key}`, windowMs);
      const [current, ttlMs] = (answer as [number, number]).map(Number);
      return { current: current ?? 1, ttlMs: ttlMs ?? windowMs };
    } catch (error) {
      this.onFallback(error as Error);
      return this.local.hit(key, windowMs);
    }
  }
}
