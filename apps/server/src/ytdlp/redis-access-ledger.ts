// Scaled mode's access ledger in Redis, shared by every worker: per key a hash of its strikes and
// the end of its quarantine, and a sorted set of its uses within the last hour (scored with their
// time). Steps two workers may race on are one Lua script each: a quarantine reads the strikes
// and doubles the cool-down, a pick checks quarantine and budget and records the use, so two
// workers never both take a session's last slot nor both start the same cool-down. While Redis is
// away a run cannot take a session or route: it answers 503 BUSY (try again shortly), as queueing does.
import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import { unavailable } from '../redis/redis-connection';
import { hourMs, maxCooldownMs, type AccessLedger, type PickOptions } from './access-ledger';

// KEYS: the key's hash. ARGV: now, the first cool-down, the longest, how long the hash outlives
// the quarantine (its strikes keep doubling the next one). Returns the cool-down in ms.
const quarantineScript = `
local strikes = tonumber(redis.call('HGET', KEYS[1], 'strikes') or '0')
local ms = math.min(tonumber(ARGV[2]) * 2 ^ strikes, tonumber(ARGV[3]))
redis.call('HSET', KEYS[1], 'strikes', strikes + 1, 'until', tonumber(ARGV[1]) + ms)
redis.call('PEXPIRE', KEYS[1], ms + tonumber(ARGV[4]))
return ms`;

// KEYS: per candidate its hash and its uses, in order. ARGV: now, the hour, the budget (-1: none),
// '1' when quarantined ones may be picked, the new use's member. Returns the picked candidate's
// position (1-based), 0 for none.
const pickScript = `
local now = tonumber(ARGV[1])
local budget = tonumber(ARGV[3])
local chosen, chosenLast = 0, 0
for i = 1, #KEYS, 2 do
  redis.call('ZREMRANGEBYSCORE', KEYS[i + 1], '-inf', now - tonumber(ARGV[2]))
  local quarantined = tonumber(redis.call('HGET', KEYS[i], 'until') or '0') > now
  local uses = redis.call('ZCARD', KEYS[i + 1])
  if (ARGV[4] == '1' or not quarantined) and (budget < 0 or uses < budget) then
    local newest = redis.call('ZRANGE', KEYS[i + 1], -1, -1, 'WITHSCORES')[2]
    local last = newest and tonumber(newest) or -math.huge
    if chosen == 0 or last < chosenLast then chosen, chosenLast = i, last end
  end
end
if chosen == 0 then return 0 end
redis.call('ZADD', KEYS[chosen + 1], now, ARGV[5])
redis.call('PEXPIRE', KEYS[chosen + 1], ARGV[2])
return (chosen + 1) / 2`;

export class RedisAccessLedger implements AccessLedger {
  constructor(
    private readonly redis: Redis,
    /** Key prefix, e.g. `grabbit:`. */
    private readonly prefix: string,
    /** The first cool-down; each repeat doubles it. */
    private readonly cooldownMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  private health(key: string): string {
    return `${this.prefix}access:${key}`;
  }

  private uses(key: string): string {
    return `${this.prefix}access-uses:${key}`;
  }

  async usesInLastHour(key: string): Promise<number> {
    return this.redis.zcount(this.uses(key), `(${this.now() - hourMs}`, '+inf').catch(unavailable);
  }

  async isQuarantined(key: string): Promise<boolean> {
    const until = await this.redis.hget(this.health(key), 'until').catch(unavailable);
    return Number(until ?? 0) > this.now();
  }

  async quarantine(key: string): Promise<number> {
    const ms = await this.redis
      .eval(quarantineScript, 1, this.health(key), this.now(), this.cooldownMs, maxCooldownMs, maxCooldownMs)
      .catch(unavailable);
    return Number(ms);
  }

  async succeeded(key: string): Promise<void> {
    await this.redis.del(this.health(key)).catch(unavailable);
  }

  async pick(keys: readonly string[], { budget = Infinity, evenQuarantined = false }: PickOptions = {}) {
    if (keys.length === 0) return undefined;
    const position = await this.redis
      .eval(
        pickScript,
        keys.length * 2,
        ...keys.flatMap((key) => [this.health(key), this.uses(key)]),
        this.now(),
        hourMs,
        budget === Infinity ? -1 : budget,
        evenQuarantined ? '1' : '0',
        randomUUID(),
      )
      .catch(unavailable);
    return Number(position) > 0 ? keys[Number(position) - 1] : undefined;
  }
}
