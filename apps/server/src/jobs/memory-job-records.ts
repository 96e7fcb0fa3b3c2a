// Embedded mode's job records, in this process. Records are forgotten `keepMs` after they ended
// (on the next write: no timer per record, see core/expiry-queue.ts); a job still queued or running
// is never forgotten under its waiters, however long it takes. A slot not given back
// by `slotMs` after its job was made no longer counts, as in the Redis store, so a job that never
// reports its end cannot hold its owner's slot for ever.
import { ExpiryQueue } from '../core/expiry-queue';
import { isEnded, type JobRecord, type JobRecordStore, type WaitingResults } from './job-record';
import { resultKept, waitingTotals, waitsForOwner } from './waiting-results';

export class MemoryJobRecordStore implements JobRecordStore {
  private readonly records = new Map<string, JobRecord>();
  private readonly ages: ExpiryQueue<string>;
  /** Each owner's held slots: job id to the slot's deadline. */
  private readonly slots = new Map<string, Map<string, number>>();
  /**
   * Each owner's records whose result waited for it when last written: a record that stops
   * waiting (collected, expired) never waits again, so a look drops it.
   */
  private readonly waiting = new Map<string, Set<string>>();
  /** The job of each result, until its record is forgotten. */
  private readonly jobOfResult = new Map<string, string>();

  constructor(
    keepMs: number,
    private readonly slotMs: number,
    private readonly now: () => number = Date.now,
  ) {
    this.ages = new ExpiryQueue(keepMs, now);
  }

  async create(record: JobRecord, cap = Infinity): Promise<boolean> {
    this.ages.sweep((id) => this.forget(id));
    if (record.holdsSlot && !isEnded(record)) {
      if (this.held(record.owner) >= cap) return false;
      this.ownerSlots(record.owner).set(record.id, this.now() + this.slotMs);
    }
    if (isEnded(record)) this.ages.start(record.id);
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
    if (isEnded(next)) {
      this.slots.get(next.owner)?.delete(id);
      this.ages.start(id);
    }
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
    this.forget(id);
    this.ages.forget(id);
  }

  private read<D>(id: string): JobRecord<D> | undefined {
    const record = this.records.get(id);
    if (!record || this.ages.isExpired(id)) return undefined;
    return structuredClone(record) as JobRecord<D>;
  }

  private write(record: JobRecord): void {
    this.records.set(record.id, structuredClone(record));
    if (record.result) this.jobOfResult.set(record.result, record.id);
    if (!record.result || !waitsForOwner(record, this.now())) return;
    let ids = this.waiting.get(record.owner);
    if (!ids) this.waiting.set(record.owner, (ids = new Set()));
    ids.add(record.id);
  }

  private dropResult(fileId: string, id: string): void {
    if (this.jobOfResult.get(fileId) === id) this.jobOfResult.delete(fileId);
  }

  private forget(id: string): void {
    const record = this.records.get(id);
    if (record) this.slots.get(record.owner)?.delete(id);
    if (record) this.waiting.get(record.owner)?.delete(id);
    if (record?.result) this.dropResult(record.result, id);
    this.records.delete(id);
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
