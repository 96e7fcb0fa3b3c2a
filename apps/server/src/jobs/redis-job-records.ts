// Scaled mode's job records in Redis, shared by every API node and worker: one JSON value per
// record (expiring `keepMs` after its last change), and per owner one sorted set of the slots its
// jobs hold, each scored with its deadline. Checking the cap and taking a slot is one Lua step, so
// two nodes cannot both take the last slot; a slot past its deadline (its job's process died before
// the job could end) no longer counts and is dropped on the next look. Per owner too, a sorted set
// of the jobs whose result waited for it when written (scored with the result's expiry), and per
// such result the job it belongs to: a look reads those records again and counts only what still
// waits (jobs/waiting-results.ts), dropping the rest (a result that stopped waiting never waits
// again). While Redis is away, every call answers 503 BUSY (try again shortly), never a 500.
import type { Redis } from 'ioredis';
import { unavailable } from '../redis/redis-connection';
import { RedisRecordStore } from './redis-record-store';
import {
  comesAfter,
  isEnded,
  type JobRecord,
  type JobRecordStore,
  type OwnedPage,
  type WaitingResults,
} from './job-record';
import { resultKept, waitingTotals, waitsForOwner } from './waiting-results';

// KEYS: the record, the owner's slots. ARGV: the record's JSON, its TTL, now, the slot's deadline
// ('' when it holds none), the cap (-1: none), the job id. Returns 1 when written.
const createScript = `
if ARGV[4] ~= '' then
  redis.call('ZREMRANGEBYSCORE', KEYS[2], '-inf', ARGV[3])
  if tonumber(ARGV[5]) >= 0 and redis.call('ZCARD', KEYS[2]) >= tonumber(ARGV[5]) then return 0 end
  redis.call('ZADD', KEYS[2], ARGV[4], ARGV[6])
  if redis.call('PTTL', KEYS[2]) < tonumber(ARGV[4]) - tonumber(ARGV[3]) then
    redis.call('PEXPIREAT', KEYS[2], ARGV[4])
  end
end
redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
return 1`;

export class RedisJobRecordStore implements JobRecordStore {
  private readonly records: RedisRecordStore<JobRecord>;

  constructor(
    private readonly redis: Redis,
    /** Key prefix, e.g. `grabbit:`. */
    private readonly prefix: string,
    private readonly keepMs: number,
    private readonly slotMs: number,
  ) {
    this.records = new RedisRecordStore(redis, `${prefix}job:`, keepMs);
  }

  private slotsKey(owner: string): string {
    return `${this.prefix}job-slots:${owner}`;
  }

  private waitingKey(owner: string): string {
    return `${this.prefix}job-waiting:${owner}`;
  }

  /** The owner's records by creation time, for its list of jobs (gone ones dropped on a look). */
  private ownedKey(owner: string): string {
    return `${this.prefix}job-owned:${owner}`;
  }

  private resultKey(fileId: string): string {
    return `${this.prefix}job-result:${fileId}`;
  }

  /**
   * Notes the job of a record's result, and the record among its owner's waiting results when it
   * waits for them. A note lost to
   * a Redis outage leaves that one result uncounted: the record is written, the job is not failed.
   */
  private async noteWaiting(record: JobRecord | undefined): Promise<void> {
    if (!record?.result) return;
    const until = record.resultExpiresAt ?? Date.now() + this.keepMs;
    const key = this.waitingKey(record.owner);
    const steps = this.redis.multi().set(this.resultKey(record.result), record.id, 'PXAT', until);
    if (waitsForOwner(record))
      steps
        .zadd(key, until, record.id)
        // The set lives as long as its latest result (NX: a new set, GT: a later result).
        .pexpireat(key, until, 'NX')
        .pexpireat(key, until, 'GT');
    await steps.exec().catch(() => undefined);
  }

  async create(record: JobRecord, cap = Infinity): Promise<boolean> {
    const now = Date.now();
    const holds = record.holdsSlot && !isEnded(record);
    const written = await this.redis
      .eval(
        createScript,
        2,
        `${this.prefix}job:${record.id}`,
        this.slotsKey(record.owner),
        JSON.stringify(record),
        this.keepMs,
        now,
        holds ? now + this.slotMs : '',
        cap === Infinity ? -1 : cap,
        record.id,
      )
      .catch(unavailable);
    if (written !== 1) return false;
    const owned = this.ownedKey(record.owner);
    await this.redis
      .multi()
      .zadd(owned, record.createdAt, record.id)
      // The list lives as long as its newest record may.
      .pexpire(owned, this.keepMs + this.slotMs)
      .exec()
      .catch(unavailable);
    await this.noteWaiting(record);
    return true;
  }

  get<D>(id: string): Promise<JobRecord<D> | undefined> {
    return this.records.get(id).catch(unavailable) as Promise<JobRecord<D> | undefined>;
  }

  async update<D>(
    id: string,
    change: (current: JobRecord<D>) => JobRecord<D> | undefined,
  ): Promise<JobRecord<D> | undefined> {
    let ended: JobRecord | undefined;
    const stored = await this.records
      .update(id, (current) => {
        if (!current) return undefined;
        const next = change(current as JobRecord<D>);
        ended = next && isEnded(next) && !isEnded(current) ? next : undefined;
        return next;
      })
      .catch(unavailable);
    // A give-back lost to a Redis outage ends at the slot's deadline.
    if (ended) await this.redis.zrem(this.slotsKey(ended.owner), id).catch(() => undefined);
    await this.noteWaiting(stored as JobRecord | undefined);
    return stored as JobRecord<D> | undefined;
  }

  async slotsHeld(owner: string): Promise<number> {
    const key = this.slotsKey(owner);
    const answers = await this.redis
      .multi()
      .zremrangebyscore(key, '-inf', Date.now())
      .zcard(key)
      .exec()
      .catch(unavailable);
    const [, count] = answers ?? [];
    return Number(count?.[1] ?? 0);
  }

  async waitingResults(owner: string): Promise<WaitingResults> {
    const key = this.waitingKey(owner);
    const now = Date.now();
    const answers = await this.redis
      .multi()
      .zremrangebyscore(key, '-inf', now)
      .zrangebyscore(key, now, '+inf')
      .exec()
      .catch(unavailable);
    const ids = (answers?.[1]?.[1] ?? []) as string[];
    const records = await this.records.getMany(ids).catch(unavailable);
    const gone = ids.filter((_, index) => {
      const record = records[index];
      return !record || !waitsForOwner(record, now);
    });
    if (gone.length > 0) await this.redis.zrem(key, ...gone).catch(() => undefined);
    return waitingTotals(
      records.filter((record) => record !== undefined),
      now,
    );
  }

  async jobOfWaitingResult(fileId: string): Promise<string | undefined> {
    const record = await this.recordOfResult(fileId);
    return record && waitsForOwner(record) ? record.id : undefined;
  }

  async listOwned(owner: string, page: OwnedPage): Promise<JobRecord[]> {
    const key = this.ownedKey(owner);
    const found: JobRecord[] = [];
    const batch = 100;
    for (let offset = 0; found.length < page.limit; offset += batch) {
      const max = page.after ? String(page.after.createdAt) : '+inf';
      const entries = await this.redis
        .zrevrangebyscore(key, max, '-inf', 'WITHSCORES', 'LIMIT', offset, batch)
        .catch(unavailable);
      const ids: string[] = [];
      for (let index = 0; index < entries.length; index += 2) {
        const id = entries[index] as string;
        if (comesAfter({ id, createdAt: Number(entries[index + 1]) }, page.after)) ids.push(id);
      }
      const records = await this.records.getMany(ids).catch(unavailable);
      const gone = ids.filter((_, index) => records[index] === undefined);
      if (gone.length > 0) await this.redis.zrem(key, ...gone).catch(() => undefined);
      for (const record of records)
        if (record && found.length < page.limit && page.accept(record)) found.push(record);
      if (entries.length < batch * 2) break;
    }
    return found;
  }

  async jobOfKeptResult(fileId: string): Promise<string | undefined> {
    const record = await this.recordOfResult(fileId);
    return record && resultKept(record) ? record.id : undefined;
  }

  private async recordOfResult(fileId: string): Promise<JobRecord | undefined> {
    const id = await this.redis.get(this.resultKey(fileId)).catch(unavailable);
    return id === null ? undefined : this.records.get(id).catch(unavailable);
  }

  async delete(id: string): Promise<void> {
    const record = await this.records.get(id).catch(unavailable);
    if (!record) return;
    await this.redis
      .multi()
      .del(`${this.prefix}job:${id}`)
      .zrem(this.slotsKey(record.owner), id)
      .zrem(this.waitingKey(record.owner), id)
      .zrem(this.ownedKey(record.owner), id)
      .exec()
      .catch(unavailable);
  }
}
