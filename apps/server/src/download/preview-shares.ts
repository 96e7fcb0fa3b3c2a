// The link previews (yt-dlp reads) one client has running at once, so a client pasting links that
// never answer cannot leave others with BUSY: counted in this process's memory when embedded, in
// Redis in scaled mode so that a client's previews on every API node count together. A read counts
// until it ends, whether or not its client still waits; one whose process died stops counting once
// it could no longer be running.
import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import { unavailable } from '../jobs/queue-errors';

export interface PreviewShares {
  /** Takes one of the client's `share` reads: a token to give back, or undefined when all are held. */
  take(client: string, share: number): Promise<string | undefined>;
  /** Gives a read back (its token from `take`). */
  give(client: string, token: string): Promise<void>;
}

export class MemoryPreviewShares implements PreviewShares {
  private readonly held = new Map<string, Set<string>>();

  async take(client: string, share: number): Promise<string | undefined> {
    const tokens = this.held.get(client) ?? new Set<string>();
    if (tokens.size >= share) return undefined;
    const token = randomUUID();
    tokens.add(token);
    this.held.set(client, tokens);
    return token;
  }

  async give(client: string, token: string): Promise<void> {
    const tokens = this.held.get(client);
    tokens?.delete(token);
    if (tokens?.size === 0) this.held.delete(client);
  }
}

/**
 * One sorted set per client: each read a member scored by when it can no longer be running. Reads
 * past that are dropped before counting, all in one step.
 */
const takeScript = `
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', ARGV[1])
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[2]) then return 0 end
redis.call('ZADD', KEYS[1], ARGV[3], ARGV[4])
redis.call('PEXPIREAT', KEYS[1], ARGV[3])
return 1`;

export class RedisPreviewShares implements PreviewShares {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    /** Longer than any read may run (its time limit, plus slack). */
    private readonly readMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  private key(client: string): string {
    return `${this.prefix}${client}`;
  }

  async take(client: string, share: number): Promise<string | undefined> {
    const token = randomUUID();
    const now = this.now();
    const taken = await this.redis
      .eval(takeScript, 1, this.key(client), String(now), String(share), String(now + this.readMs), token)
      .catch(unavailable);
    return Number(taken) === 1 ? token : undefined;
  }

  async give(client: string, token: string): Promise<void> {
    await this.redis.zrem(this.key(client), token).catch(() => undefined);
  }
}
