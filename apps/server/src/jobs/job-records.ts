// The job records as features use them: the mode's store, and after each write the one change
// event on the bus, so a waiter in any process reads the record again (jobs/wait-for-job.ts).
import { AppError } from '../core/app-error';
import { newId } from '../core/ids';
import {
  isEnded,
  newJobRecord,
  type JobKind,
  type JobRecord,
  type JobRecordStore,
  type OwnedPage,
  type WaitingResults,
} from './job-record';
import { collected, leftForOwner, waitsForOwner } from './waiting-results';

/** Who collects a new job's result, and the job it is a part of (jobs/waiting-results.ts). */
export type ResultFields = Partial<Pick<JobRecord, 'pickup' | 'partOf'>>;

/**
 * Where a feature's new job comes from: the request's slot (the job takes it over and holds it
 * until it ends), or, for a part of a job that already holds one (a batch's or a post's items, a
 * cloud copy's download), just its owner: the part then holds no slot of its own.
 */
export type JobOrigin = { slot: JobSlot } | { owner: string };

/**
 * A running-job slot taken for a request: a record of kind `read` that the request holds until its
 * answer is sent, unless a feature takes the record over as the job it starts (`adopt`): then the
 * slot is the job's and goes back when the job ends, whatever happened to the request.
 */
export interface JobSlot {
  id: string;
  owner: string;
}

/**
 * The part of the event bus (realtime/event-bus.ts) that job records use, named here so that
 * jobs/ does not import realtime/ (whose Redis bus sits on redis/, which reads jobs/' errors).
 */
export interface JobChangeBus {
  /** Tells every process that a job's record changed (the message's group is `job:<id>`). */
  publishJobChange(jobId: string): void;
  subscribe(listener: (message: { group: string }) => void): () => void;
}

/** More parts than any batch may have. */
const maxParts = 1000;

/** Told once per job, by the process whose change ended it (webhooks start there). */
export type JobEndListener = (record: JobRecord) => void;

export class JobRecords {
  private readonly endListeners: JobEndListener[] = [];

  constructor(
    private readonly store: JobRecordStore,
    private readonly bus: JobChangeBus,
  ) {}

  /**
   * Calls `listener` with each record that reaches a final state (done, failed, cancelled): the
   * one place every kind of job ends, whichever feature ended it.
   */
  onEnd(listener: JobEndListener): void {
    this.endListeners.push(listener);
  }

  /** Writes a new record; false when it would hold a slot and its owner is at `cap`. */
  async create(record: JobRecord, cap?: number): Promise<boolean> {
    const created = await this.store.create(record, cap);
    if (created) this.bus.publishJobChange(record.id);
    return created;
  }

  get<D>(id: string): Promise<JobRecord<D> | undefined> {
    return this.store.get<D>(id);
  }

  /** Changes a record (see JobRecordStore.update); the change event goes out when it changed. */
  async update<D>(
    id: string,
    change: (current: JobRecord<D>) => JobRecord<D> | undefined,
  ): Promise<JobRecord<D> | undefined> {
    let changed = false;
    let ended = false;
    const stored = await this.store.update<D>(id, (current) => {
      const next = change(current);
      changed = next !== undefined;
      // The store writes the last run of `change`: it alone says whether this change ended the job.
      ended = changed && !isEnded(current) && next !== undefined && isEnded(next);
      return next && { ...next, updatedAt: Date.now() };
    });
    if (changed) this.bus.publishJobChange(id);
    if (ended && stored) for (const listener of this.endListeners) listener(stored);
    return stored;
  }

  /** Takes a slot for `owner` under `cap`: undefined when the owner is at its cap. */
  async takeSlot(id: string, owner: string, cap: number): Promise<JobSlot | undefined> {
    const created = await this.create(newJobRecord({ id, kind: 'read', owner, detail: {} }), cap);
    return created ? { id, owner } : undefined;
  }

  /**
   * Makes the slot's record the feature's job of `kind`, queued with `detail`: the record, or
   * undefined when the slot has ended already (its request closed before the job started).
   */
  adopt<D>(
    slot: JobSlot,
    kind: JobKind,
    detail: D,
    fields: ResultFields = {},
  ): Promise<JobRecord<D> | undefined> {
    return this.update<D>(slot.id, (current) =>
      current.kind === 'read' && !isEnded(current) ? { ...current, ...fields, kind, detail } : undefined,
    ).then((record) => (record?.kind === kind ? record : undefined));
  }

  /**
   * The record of a feature's new job of `kind`: the slot's record taken over, or a new record that
   * holds no slot. Fails with REQUEST_CANCELLED when the slot ended before (its request closed).
   */
  async start<D>(
    origin: JobOrigin,
    kind: JobKind,
    detail: D,
    fields: ResultFields = {},
  ): Promise<JobRecord<D>> {
    if ('slot' in origin) {
      const adopted = await this.adopt(origin.slot, kind, detail, fields);
      if (!adopted) throw new AppError('REQUEST_CANCELLED', 'The request was closed before its job started.');
      return adopted;
    }
    const record = {
      ...newJobRecord({ id: newId(), kind, owner: origin.owner, detail, holdsSlot: false }),
      ...fields,
    };
    await this.create(record);
    return record;
  }

  /** Ends a slot no feature took over (its request's answer was sent): the slot goes back. */
  async endRead(slot: JobSlot): Promise<void> {
    await this.update(slot.id, (current) =>
      current.kind === 'read' && !isEnded(current)
        ? { ...current, status: 'done', progress: 100 }
        : undefined,
    );
  }

  slotsHeld(owner: string): Promise<number> {
    return this.store.slotsHeld(owner);
  }

  /** The owner's results waiting for it (jobs/waiting-results.ts). */
  waitingResults(owner: string): Promise<WaitingResults> {
    return this.store.waitingResults(owner);
  }

  /** Collects a job's result (fetched in full, or deleted by its owner): it stops counting. */
  async collectJob(id: string): Promise<void> {
    await this.update(id, collected);
  }

  /**
   * Collects the waiting result stored as `fileId` (a file fetched in full by its link, or, given
   * `owner`, deleted by its owner: then only that owner's): false when no such result waits.
   */
  async collectResult(fileId: string, owner?: string): Promise<boolean> {
    const id = await this.store.jobOfWaitingResult(fileId);
    if (id === undefined) return false;
    let taken = false;
    await this.update(id, (current) => {
      taken = waitsForOwner(current) && (owner === undefined || current.owner === owner);
      return taken ? collected(current) : undefined;
    });
    return taken;
  }

  /** The record whose result `fileId` is, while that result is kept (whoever may collect it). */
  async recordOfResult(fileId: string): Promise<JobRecord | undefined> {
    const id = await this.store.jobOfKeptResult(fileId);
    return id === undefined ? undefined : this.store.get(id);
  }

  /** A result its request did not take (it closed before the file went out) waits for its owner. */
  async leaveForOwner(id: string): Promise<void> {
    await this.update(id, leftForOwner);
  }

  /** The owner's records newest first (see JobRecordStore.listOwned). */
  listOwned(owner: string, page: OwnedPage): Promise<JobRecord[]> {
    return this.store.listOwned(owner, page);
  }

  /** The records that are parts of `record` (a batch's items, a cloud copy's download). */
  partsOf(record: JobRecord): Promise<JobRecord[]> {
    return this.store.listOwned(record.owner, {
      limit: maxParts,
      accept: (part) => part.partOf === record.id,
    });
  }

  async delete(id: string): Promise<void> {
    await this.store.delete(id);
    this.bus.publishJobChange(id);
  }
}
