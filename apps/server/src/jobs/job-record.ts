// One record for every kind of job the server runs (a download, a batch, a post or playlist read,
// a conversion, a cloud copy): who owns it, where it stands, and what it left (a result or an
// error). Features keep their own fields in `detail`; everything that waits for a job, answers
// its status or counts a client's running jobs reads this one record.

export type JobKind = 'download' | 'batch' | 'read' | 'conversion' | 'cloud';

/** queued: waiting for a worker; running: being worked on; the other three are final. */
export type JobStatus = 'queued' | 'running' | 'done' | 'failed' | 'cancelled';

export interface JobRecord<D = unknown> {
  id: string;
  kind: JobKind;
  /** Whose job it is: the hashed client id (or the API key's client id). */
  owner: string;
  /**
   * Whether the job counts against its owner's running-job cap while it is queued or running
   * (a batch's items ride on their batch's one slot).
   */
  holdsSlot: boolean;
  status: JobStatus;
  /** 0-100. */
  progress: number;
  /** The feature's own word for where the job is (e.g. 'downloading', 'converting'). */
  stage: string;
  /** Once done: the result in the result store. */
  result?: string;
  /** Once done: the result's size in bytes, and when the result store drops it (epoch ms). */
  resultBytes?: number;
  resultExpiresAt?: number;
  /** Once done: where the owner fetches the result (a path under /api, or a cloud link). */
  resultLink?: string;
  /** Who collects the result (jobs/waiting-results.ts); absent: its owner, later. */
  pickup?: ResultPickup;
  /** The job this record's result is one part of (a batch item's batch): the parts count as one. */
  partOf?: string;
  /** The webhook endpoint its start's `callbackUrl` named: that endpoint alone gets its events. */
  webhookEndpoint?: string;
  /** Once failed or cancelled: the visitor's message and its stable code. */
  /** A stable code of the contracts' error table. */
  errorCode?: string;
  error?: string;
  /** Epoch milliseconds. */
  createdAt: number;
  updatedAt: number;
  /** The feature's own fields (plain JSON: it goes to Redis in scaled mode). */
  detail: D;
}

/**
 * 'owner': the result waits for its owner to fetch it (or delete it) later; 'request': the request
 * that started the job answers it (or its next step, a cloud copy, takes it); 'collected': it went.
 */
export type ResultPickup = 'owner' | 'request' | 'collected';

/** A client's results waiting for it: how many (a batch's parts count once), and their bytes. */
export interface WaitingResults {
  count: number;
  bytes: number;
}

export function isEnded(record: Pick<JobRecord, 'status'>): boolean {
  return record.status === 'done' || record.status === 'failed' || record.status === 'cancelled';
}

/** A new record, queued, owned by `owner`. */
export function newJobRecord<D>(
  fields: Pick<JobRecord<D>, 'id' | 'kind' | 'owner' | 'detail'> &
    Partial<Pick<JobRecord<D>, 'holdsSlot' | 'stage'>>,
  now = Date.now(),
): JobRecord<D> {
  return {
    holdsSlot: true,
    stage: 'queued',
    ...fields,
    status: 'queued',
    progress: 0,
    createdAt: now,
    updatedAt: now,
  };
}

export interface JobRecordStore {
  /**
   * Writes a new record. A record that holds a slot is written only while its owner holds fewer
   * than `cap` slots (checked and taken in one step): false when the owner is at its cap.
   */
  create(record: JobRecord, cap?: number): Promise<boolean>;
  get<D>(id: string): Promise<JobRecord<D> | undefined>;
  /**
   * Applies `change` to the stored record atomically and returns what is stored after it; `change`
   * may run more than once and returns undefined to leave the record as it is. An unknown record
   * is left unknown. A record that ends gives its slot back.
   */
  update<D>(
    id: string,
    change: (current: JobRecord<D>) => JobRecord<D> | undefined,
  ): Promise<JobRecord<D> | undefined>;
  /** How many slots the owner holds: its queued or running jobs that hold one. */
  slotsHeld(owner: string): Promise<number>;
  /** The owner's results waiting for it (jobs/waiting-results.ts): expired or collected ones never. */
  waitingResults(owner: string): Promise<WaitingResults>;
  /** The job whose result `fileId` is, while that result waits for its owner. */
  jobOfWaitingResult(fileId: string): Promise<string | undefined>;
  /** The job whose result `fileId` is, while that result is kept (waiting, collected or its request's). */
  jobOfKeptResult(fileId: string): Promise<string | undefined>;
  /** Forgets a record (and its slot). */
  delete(id: string): Promise<void>;
  /**
   * The owner's records newest first (by creation, then id, both descending), starting after
   * `after`, up to `limit` of those `accept` takes.
   */
  listOwned(owner: string, page: OwnedPage): Promise<JobRecord[]>;
}

/** Where a page of an owner's records starts and what it holds. */
export interface OwnedPage {
  /** The last record of the page before. */
  after?: Pick<JobRecord, 'createdAt' | 'id'>;
  limit: number;
  accept: (record: JobRecord) => boolean;
}

/** Whether `record` comes after `mark` in the newest-first order (creation, then id, descending). */
export function comesAfter(record: Pick<JobRecord, 'createdAt' | 'id'>, mark?: OwnedPage['after']): boolean {
  if (!mark) return true;
  return record.createdAt < mark.createdAt || (record.createdAt === mark.createdAt && record.id < mark.id);
}
