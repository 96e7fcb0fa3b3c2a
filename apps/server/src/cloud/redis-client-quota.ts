// A client's cloud-storage quota counted in Redis, so every API node counts together.
import type { Redis } from 'ioredis';
import { dayMs, quotaExceeded, type ClientQuota, type QuotaLimits } from './client-quota';

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

export class RedisClientQuota implements ClientQuota {
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
