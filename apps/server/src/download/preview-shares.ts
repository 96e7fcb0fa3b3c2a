// The link previews (yt-dlp reads) one client has running at once, so a client pasting links that
// never answer cannot leave others with BUSY: counted in this process's memory when embedded, in
// Redis in scaled mode so that a client's previews on every API node count together. A read counts
// until it ends, whether or not its client still waits; one whose process died stops counting once
// it could no longer be running.
import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import { unavailable } from '../jobs/queue-errors';
import { releaseLease, takeLease } from '../redis/redis-leases';

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

/** A client's reads are leases of one key (redis/redis-leases.ts), each ending with its time limit. */
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
    return takeLease(this.redis, this.key(client), share, this.readMs, this.now()).catch(unavailable);
  }

  async give(client: string, token: string): Promise<void> {
    await releaseLease(this.redis, this.key(client), token).catch(() => undefined);
  }
}
