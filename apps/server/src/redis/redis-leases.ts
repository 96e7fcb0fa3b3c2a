// Bounded leases in Redis, counted across every process: at most `bound` leases of one key at a
// time, each one ending by itself at its deadline, so a process that died frees its share. A
// client's preview reads and an endpoint's webhook deliveries are bounded this way.
import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';

// KEYS: the leases (a sorted set, each lease scored by its deadline). ARGV: now, the bound, the
// deadline, the token. Leases past their deadline are dropped before counting, all in one step.
const takeScript = `
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', ARGV[1])
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[2]) then return 0 end
redis.call('ZADD', KEYS[1], ARGV[3], ARGV[4])
redis.call('PEXPIREAT', KEYS[1], ARGV[3])
return 1`;

/** Takes a lease of `key` when fewer than `bound` are held: its token, or undefined. */
export async function takeLease(
  redis: Redis,
  key: string,
  bound: number,
  ttlMs: number,
  now = Date.now(),
): Promise<string | undefined> {
  const token = randomUUID();
  const taken = await redis.eval(takeScript, 1, key, String(now), String(bound), String(now + ttlMs), token);
  return Number(taken) === 1 ? token : undefined;
}

export async function releaseLease(redis: Redis, key: string, token: string): Promise<void> {
  await redis.zrem(key, token);
}
