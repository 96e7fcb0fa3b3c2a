// Embedded mode's job records, in this process (an lru-cache with no size bound). A record's clock
// starts once, when it ends, and it is forgotten `keepMs` after that; a job still queued or
// running has no clock and is never forgotten under its waiters, however long it takes. A slot not given back
// by `slotMs` after its job was made no longer counts, as in the Redis store, so a job that never
// reports its end cannot hold its owner's slot for ever.
import { LRUCache } from 'lru-cache';
import {
  comesAfter,
  isEnded,
  type JobRecord,
  type JobRecordStore,
  type OwnedPage,
  type WaitingResults,
} from './job-record';
import { resultKept, waitingTotals, waitsForOwner } from './waiting-results';

/** The longest wait Node's timers take. */
const maxTimerMs = 2 ** 31 - 1;

export class MemoryJobRecordStore implements JobRecordStore {
  private readonly records: LRUCache<string, JobRecord>;
  /** Each owner's held slots: job id to the slot's deadline. */
  private readonly slots = new Map<string, Map<string, number>>();
  /**
   * Each owner's records whose result waited for it when last written: a record that stops
   * waiting (collected, expired) never waits again, so a look drops it.
   */
  private readonly waiting = new Map<string, Set<string>>();
  /** The job of each result, until its record is forgotten. */
  private readonly jobOfResult = new Map<string, string>();
  /** Each owner's records, for its list of jobs. */
  private readonly owned = new Map<string, Set<string>>();

  constructor(
    private readonly keepMs: number,
    private readonly slotMs: number,
    private readonly now: () => number = Date.now,
  ) {
    this.records = new LRUCache({
      ttl: Math.max(1, Math.ceil(keepMs)),
      // Ended records go when their time is up (a timer each), not only when read again; a keep
      // time beyond what a timer can wait is swept on each creation instead.
      ttlAutopurge: keepMs <= maxTimerMs,
      ttlResolution: 0,
      perf: { now },
      // A record forgotten (expired or deleted) takes its slot and waiting result with it.
      dispose: (record, _id, reason) => {
        if (reason !== 'set') this.forget(record);
      },
    });
  }

  async create(record: JobRecord, cap = Infinity): Promise<boolean> {
    if (!this.records.ttlAutopurge) this.records.purgeStale();
    if (record.holdsSlot && !isEnded(record)) {
      if (this.held(record.owner) >= cap) return false;
      this.ownerSlots(record.owner).set(record.id, this.now() + this.slotMs);
    }
    this.write(record);
    return true;
  }

  async get<D>(id: string): Promise<JobRecord<D> | undefined> {
    return this.read<D>(id);
  }

  /** Read, change and write with no wait in between: atomic within this process. */
  async update<D>(
    id: string,
    change: (current: JobRecord<D>) => JobRecord<D> | undefined,
  ): Promise<JobRecord<D> | undefined> {
    const current = this.read<D>(id);
    if (!current) return undefined;
    const next = change(current);
    if (!next) return current;
    this.write(next);
    if (isEnded(next)) this.slots.get(next.owner)?.delete(id);
    return structuredClone(next);
  }

  async slotsHeld(owner: string): Promise<number> {
    return this.held(owner);
  }

  async waitingResults(owner: string): Promise<WaitingResults> {
    const ids = this.waiting.get(owner);
    if (!ids) return { count: 0, bytes: 0 };
    const now = this.now();
    const records = [...ids].flatMap((id) => {
      const record = this.read(id);
      if (record && waitsForOwner(record, now)) return [record];
      ids.delete(id);
      return [];
    });
    if (ids.size === 0) this.waiting.delete(owner);
    return waitingTotals(records, now);
  }

  async jobOfWaitingResult(fileId: string): Promise<string | undefined> {
    const id = this.jobOfResult.get(fileId);
    const record = id === undefined ? undefined : this.read(id);
    return record && waitsForOwner(record, this.now()) ? record.id : undefined;
  }

  async jobOfKeptResult(fileId: string): Promise<string | undefined> {
    const id = this.jobOfResult.get(fileId);
    const record = id === undefined ? undefined : this.read(id);
    return record && resultKept(record, this.now()) ? record.id : undefined;
  }

  async delete(id: string): Promise<void> {
    this.records.delete(id);
  }

  async listOwned(owner: string, page: OwnedPage): Promise<JobRecord[]> {
    const records = [...(this.owned.get(owner) ?? [])].flatMap((id) => {
      const record = this.read(id);
      return record && comesAfter(record, page.after) && page.accept(record) ? [record] : [];
    });
    records.sort((a, b) => b.createdAt - a.createdAt || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0));
    return records.slice(0, page.limit);
  }

  private read<D>(id: string): JobRecord<D> | undefined {
    const record = this.records.get(id);
    return record && (structuredClone(record) as JobRecord<D>);
  }

  private write(record: JobRecord): void {
    // The clock starts once, when the record ends; later writes keep it.
    const left = this.records.getRemainingTTL(record.id);
    const clockRuns = left > 0 && left !== Infinity;
    this.records.set(
      record.id,
      structuredClone(record),
      clockRuns ? { noUpdateTTL: true } : { ttl: isEnded(record) ? this.keepMs : 0 },
    );
    let owned = this.owned.get(record.owner);
    if (!owned) this.owned.set(record.owner, (owned = new Set()));
    owned.add(record.id);
    if (record.result) this.jobOfResult.set(record.result, record.id);
    if (!record.result || !waitsForOwner(record, this.now())) return;
    let ids = this.waiting.get(record.owner);
    if (!ids) this.waiting.set(record.owner, (ids = new Set()));
    ids.add(record.id);
  }

  private dropResult(fileId: string, id: string): void {
    if (this.jobOfResult.get(fileId) === id) this.jobOfResult.delete(fileId);
  }

  private forget(record: JobRecord): void {
    this.slots.get(record.owner)?.delete(record.id);
    this.waiting.get(record.owner)?.delete(record.id);
    const owned = this.owned.get(record.owner);
    owned?.delete(record.id);
    if (owned?.size === 0) this.owned.delete(record.owner);
    if (record.result) this.dropResult(record.result, record.id);
  }

  private ownerSlots(owner: string): Map<string, number> {
    let slots = this.slots.get(owner);
    if (!slots) this.slots.set(owner, (slots = new Map()));
    return slots;
  }

  /** The owner's slots still within their deadline (the others are dropped). */
  private held(owner: string): number {
    const slots = this.slots.get(owner);
    if (!slots) return 0;
    const now = this.now();
    for (const [id, deadline] of slots) if (deadline <= now) slots.delete(id);
    if (slots.size === 0) this.slots.delete(owner);
    return slots.size;
  }
}
