// The job records as features use them: the mode's store, and after each write the one change
// event on the bus, so a waiter in any process reads the record again (jobs/wait-for-job.ts).
import type { JobRecord, JobRecordStore } from './job-record';

/**
 * The part of the event bus (realtime/event-bus.ts) that job records use, named here so that
 * jobs/ does not import realtime/ (whose Redis bus sits on redis/, which reads jobs/' errors).
 */
export interface JobChangeBus {
  /** Tells every process that a job's record changed (the message's group is `job:<id>`). */
  publishJobChange(jobId: string): void;
  subscribe(listener: (message: { group: string }) => void): () => void;
}

export class JobRecords {
  constructor(
    readonly store: JobRecordStore,
    private readonly bus: JobChangeBus,
  ) {}

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
    const stored = await this.store.update<D>(id, (current) => {
      const next = change(current);
      changed = next !== undefined;
      return next && { ...next, updatedAt: Date.now() };
    });
    if (changed) this.bus.publishJobChange(id);
    return stored;
  }

  slotsHeld(owner: string): Promise<number> {
    return this.store.slotsHeld(owner);
  }

  async delete(id: string): Promise<void> {
    await this.store.delete(id);
    this.bus.publishJobChange(id);
  }
}
