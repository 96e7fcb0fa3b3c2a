// The upload ledger in Redis (scaled mode), shared by every API process. Per upload a hash (owner,
// declared bytes, expiry); per client a sorted set of its open uploads scored by their expiry and
// a hash of their bytes; per upload being written a hash of its writer and the end of its claim.
// Steps two processes may race on are one Lua script each: a creation checks the client's bounds
// and counts the upload in one step, and a claim is taken, renewed or let go only as a whole.
// Times come from the caller's clock, so every process and the contract suite agree on them.
import type { Redis } from 'ioredis';
import { unavailable } from '../redis/redis-connection';
import type { LedgerEntry, OpenBounds, OpenRefusal, UploadLedger } from './upload-ledger';

// Drops the client's expired uploads (KEYS: its set, its bytes), and counts one (KEYS: the
// client's set, its bytes, the upload's hash): its id, owner, bytes, expiry, the ms until then,
// and how long the client's keys live. Expiries are the caller's clock; key lifetimes are relative.
const steps = `
local function dropExpired(now)
  local gone = redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', now)
  for _, id in ipairs(gone) do redis.call('HDEL', KEYS[2], id) end
  redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
end
local function addEntry(id, owner, bytes, expiresAt, leftMs, keepMs)
  redis.call('ZADD', KEYS[1], expiresAt, id)
  redis.call('HSET', KEYS[2], id, bytes)
  redis.call('HSET', KEYS[3], 'owner', owner, 'bytes', bytes, 'expiresAt', expiresAt)
  redis.call('PEXPIRE', KEYS[3], leftMs)
  for i = 1, 2 do
    if redis.call('PTTL', KEYS[i]) < tonumber(keepMs) then redis.call('PEXPIRE', KEYS[i], keepMs) end
  end
end`;

// ARGV: now, id, owner, bytes, expiry, ms left, keep, most uploads, most bytes. Returns 'count'
// or 'bytes' for a refusal, '' when counted.
const openScript = `${steps}
dropExpired(ARGV[1])
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[8]) then return 'count' end
local held = 0
for _, bytes in ipairs(redis.call('HVALS', KEYS[2])) do held = held + tonumber(bytes) end
if held + tonumber(ARGV[4]) > tonumber(ARGV[9]) then return 'bytes' end
addEntry(ARGV[2], ARGV[3], ARGV[4], ARGV[5], ARGV[6], ARGV[7])
return ''`;

// ARGV: id, owner, bytes, expiry, ms left, keep. Counts it unless it is counted already.
const restoreScript = `${steps}
if redis.call('EXISTS', KEYS[3]) == 1 then return 0 end
addEntry(ARGV[1], ARGV[2], ARGV[3], ARGV[4], ARGV[5], ARGV[6])
return 1`;

// KEYS: the client's set, its bytes, the upload's hash, its claim. ARGV: id.
const closeScript = `
redis.call('ZREM', KEYS[1], ARGV[1])
redis.call('HDEL', KEYS[2], ARGV[1])
redis.call('DEL', KEYS[3], KEYS[4])`;

// KEYS: the client's set, the upload's hash. ARGV: id, new expiry, ms until then.
const expireScript = `
if redis.call('EXISTS', KEYS[2]) == 0 then return 0 end
redis.call('ZADD', KEYS[1], 'XX', ARGV[2], ARGV[1])
redis.call('HSET', KEYS[2], 'expiresAt', ARGV[2])
redis.call('PEXPIRE', KEYS[2], ARGV[3])
return 1`;

// KEYS: the claim. ARGV: holder, now, lease. '1' when renewing only (the holder's own claim).
const claimScript = `
local holder = redis.call('HGET', KEYS[1], 'holder')
local ends = tonumber(redis.call('HGET', KEYS[1], 'until') or '0')
local mine = holder == ARGV[1] and ends > tonumber(ARGV[2])
if ARGV[4] == '1' and not mine then return 0 end
if holder and holder ~= ARGV[1] and ends > tonumber(ARGV[2]) then return 0 end
redis.call('HSET', KEYS[1], 'holder', ARGV[1], 'until', tonumber(ARGV[2]) + tonumber(ARGV[3]))
redis.call('PEXPIRE', KEYS[1], ARGV[3])
return 1`;

// KEYS: the claim. ARGV: holder.
const releaseScript = `
if redis.call('HGET', KEYS[1], 'holder') == ARGV[1] then redis.call('DEL', KEYS[1]) end`;

export class RedisUploadLedger implements UploadLedger {
  constructor(
    private readonly redis: Redis,
    /** Key prefix, e.g. `grabbit:`. */
    private readonly prefix: string,
    /** How long an upload may live at most (its keys never outlive it). */
    private readonly keepMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  async open(entry: LedgerEntry, bounds: OpenBounds): Promise<OpenRefusal | undefined> {
    const refusal = await this.redis
      .eval(
        openScript,
        3,
        ...this.entryKeys(entry),
        this.now(),
        ...this.entryArgs(entry),
        bounds.count,
        bounds.bytes,
      )
      .catch(unavailable);
    return refusal === 'count' || refusal === 'bytes' ? refusal : undefined;
  }

  async restore(entry: LedgerEntry): Promise<void> {
    if (entry.expiresAt <= this.now()) return;
    await this.redis
      .eval(restoreScript, 3, ...this.entryKeys(entry), ...this.entryArgs(entry))
      .catch(unavailable);
  }

  async get(id: string): Promise<LedgerEntry | undefined> {
    const fields = await this.redis.hgetall(this.uploadKey(id)).catch(unavailable);
    const expiresAt = Number(fields.expiresAt);
    if (!fields.owner || !(expiresAt > this.now())) return undefined;
    return { id, owner: fields.owner, bytes: Number(fields.bytes), expiresAt };
  }

  async expire(id: string, expiresAt: number): Promise<void> {
    const entry = await this.get(id);
    if (!entry) return;
    await this.redis
      .eval(
        expireScript,
        2,
        this.setKey(entry.owner),
        this.uploadKey(id),
        id,
        expiresAt,
        this.msUntil(expiresAt),
      )
      .catch(unavailable);
  }

  async close(id: string): Promise<void> {
    const owner = await this.redis.hget(this.uploadKey(id), 'owner').catch(unavailable);
    const keys = owner
      ? [this.setKey(owner), this.bytesKey(owner)]
      : // Nothing counts it any more; its claim may still be there.
        [`${this.prefix}none`, `${this.prefix}none`];
    await this.redis
      .eval(closeScript, 4, ...keys, this.uploadKey(id), this.claimKey(id), id)
      .catch(unavailable);
  }

  async openOf(owner: string): Promise<{ count: number; bytes: number }> {
    const now = this.now();
    const ids = await this.redis.zrangebyscore(this.setKey(owner), `(${now}`, '+inf').catch(unavailable);
    if (ids.length === 0) return { count: 0, bytes: 0 };
    const bytes = await this.redis.hmget(this.bytesKey(owner), ...ids).catch(unavailable);
    return { count: ids.length, bytes: bytes.reduce((sum, value) => sum + Number(value ?? 0), 0) };
  }

  async claim(id: string, holder: string, leaseMs: number): Promise<boolean> {
    return this.claimStep(id, holder, leaseMs, false);
  }

  async renew(id: string, holder: string, leaseMs: number): Promise<boolean> {
    return this.claimStep(id, holder, leaseMs, true);
  }

  async release(id: string, holder: string): Promise<void> {
    await this.redis.eval(releaseScript, 1, this.claimKey(id), holder).catch(unavailable);
  }

  private async claimStep(id: string, holder: string, leaseMs: number, renewing: boolean) {
    const taken = await this.redis
      .eval(claimScript, 1, this.claimKey(id), holder, this.now(), leaseMs, renewing ? '1' : '0')
      .catch(unavailable);
    return Number(taken) === 1;
  }

  /** An entry's arguments to the scripts: id, owner, bytes, expiry, ms until then, keep. */
  private entryArgs(entry: LedgerEntry): (string | number)[] {
    const { id, owner, bytes, expiresAt } = entry;
    return [id, owner, bytes, expiresAt, this.msUntil(expiresAt), this.keepMs];
  }

  private msUntil(time: number): number {
    return Math.max(1, Math.ceil(time - this.now()));
  }

  private entryKeys(entry: LedgerEntry): [string, string, string] {
    return [this.setKey(entry.owner), this.bytesKey(entry.owner), this.uploadKey(entry.id)];
  }

  private uploadKey(id: string): string {
    return `${this.prefix}upload:${id}`;
  }

  private claimKey(id: string): string {
    return `${this.prefix}upload-writer:${id}`;
  }

  private setKey(owner: string): string {
    return `${this.prefix}uploads-of:${owner}`;
  }

  private bytesKey(owner: string): string {
    return `${this.prefix}upload-bytes-of:${owner}`;
  }
}
