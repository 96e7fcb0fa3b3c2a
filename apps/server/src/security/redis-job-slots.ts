// Scaled mode's count of running jobs per client, shared by every API node: one sorted set per
// client in Redis, a member per slot scored with the slot's deadline. Checking the cap and taking
// a slot is one Lua step, so two nodes cannot both take the last slot; slots past their deadline
// (their node died before giving them back) no longer count and are dropped on the next take.
import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { JobSlots } from './active-jobs';
import { unavailable } from '../jobs/queue-errors';

// KEYS[1]: the client's slots. ARGV: now, the new slot's deadline, the cap, the new slot's id.
const takeScript = `
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', ARGV[1])
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[3]) then return 0 end
redis.call('ZADD', KEYS[1], ARGV[2], ARGV[4])
if redis.call('PTTL', KEYS[1]) < tonumber(ARGV[2]) - tonumber(ARGV[1]) then
  redis.call('PEXPIREAT', KEYS[1], ARGV[2])
end
return 1
`;

export class RedisJobSlots implements JobSlots {
  constructor(
    private readonly redis: Redis,
    /** Key prefix, e.g. "grabbit:active:". */
    private readonly prefix: string,
  ) {}

  /** 503 BUSY while Redis is away (no job can start then anyway). */
  async take(client: string, cap: number, deadline: number): Promise<(() => void) | undefined> {
    const key = `${this.prefix}${client}`;
    const slot = randomUUID();
    const taken = await this.redis
      .eval(takeScript, 1, key, Date.now(), deadline, cap, slot)
      .catch(unavailable);
    if (taken !== 1) return undefined;
    // A give-back lost to a Redis outage ends at the slot's deadline.
    return () => void this.redis.zrem(key, slot).catch(() => undefined);
  }
}
