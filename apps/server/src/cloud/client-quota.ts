// What one client may keep in cloud storage per day: CLOUD_MAX_FILES_PER_CLIENT files and
// CLOUD_MAX_BYTES_PER_CLIENT bytes in a 24-hour window that starts with its first stored file.
// Counted in memory for one node; in scaled mode in Redis, so every API node counts together.
import type { Redis } from 'ioredis';
import { AppError } from '../core/app-error';

const dayMs = 24 * 3_600_000;

export interface QuotaLimits {
  files: number;
  bytes: number;
}

export interface ClientQuota {
  /** Counts one file of `bytes` for the client; throws CLOUD_QUOTA_EXCEEDED (counting nothing) when over. */
  spend(client: string, bytes: number): Promise<void>;
  /** Gives back what a store that failed had spent. */
  refund(client: string, bytes: number): Promise<void>;
}

export const quotaExceeded = () =>
  new AppError(
    'CLOUD_QUOTA_EXCEEDED',
    'You have kept as many files in cloud storage as one visitor may per day. Please try again tomorrow.',
  );

export class MemoryQuota implements ClientQuota {
  private readonly used = new Map<string, { since: number; files: number; bytes: number }>();

  constructor(
    private readonly limits: QuotaLimits,
    private readonly now: () => number,
  ) {}

  private current(client: string) {
    const now = this.now();
    // Windows that ended are dropped on the way, so the map holds only today's clients.
    for (const [key, entry] of this.used) if (now - entry.since >= dayMs) this.used.delete(key);
    return this.used.get(client) ?? { since: now, files: 0, bytes: 0 };
  }

  async spend(client: string, bytes: number): Promise<void> {
    const entry = this.current(client);
    if (entry.files + 1 > this.limits.files || entry.bytes + bytes > this.limits.bytes) throw quotaExceeded();
    this.used.set(client, { ...entry, files: entry.files + 1, bytes: entry.bytes + bytes });
  }

  async refund(client: string, bytes: number): Promise<void> {
    const entry = this.used.get(client);
    if (entry) this.used.set(client, { ...entry, files: entry.files - 1, bytes: entry.bytes - bytes });
  }
}

/** Adds a file and its bytes, or nothing when either count would pass its limit (atomic in Redis). */
const spendScript = `
local files = redis.call('INCR', KEYS[1])
local bytes = redis.call('INCRBY', KEYS[2], ARGV[1])
if files == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[4]) redis.call('PEXPIRE', KEYS[2], ARGV[4]) end
if files > tonumber(ARGV[2]) or bytes > tonumber(ARGV[3]) then
  redis.call('DECR', KEYS[1])
  redis.call('DECRBY', KEYS[2], ARGV[1])
  return 0
end
return 1`;

export class RedisQuota implements ClientQuota {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly limits: QuotaLimits,
  ) {}

  private keys(client: string): [string, string] {
    return [`${this.prefix}${client}:files`, `${this.prefix}${client}:bytes`];
  }

  async spend(client: string, bytes: number): Promise<void> {
    const [files, total] = this.keys(client);
    const args = [bytes, this.limits.files, this.limits.bytes, dayMs].map(String);
    if (Number(await this.redis.eval(spendScript, 2, files, total, ...args)) !== 1) throw quotaExceeded();
  }

  async refund(client: string, bytes: number): Promise<void> {
    const [files, total] = this.keys(client);
    await this.redis.multi().decr(files).decrby(total, bytes).exec();
  }
}
