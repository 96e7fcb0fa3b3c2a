// A client's running previews counted in Redis, so its previews on every API node count together.
import type { Redis } from 'ioredis';
import { unavailable } from '../redis/redis-connection';
import { releaseLease, takeLease } from '../redis/redis-leases';
import type { PreviewShares } from './preview-shares';

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
