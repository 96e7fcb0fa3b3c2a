// A conversion's state behind one small interface: in memory in embedded mode, in Redis in scaled
// mode, so the job status and the synchronous answer read the same record on any API node.
import {
  conversionJobPath,
  conversionResultPath,
  type ConversionJob,
  type ErrorCode,
} from '@grabbit/contracts';
import { ExpiryQueue } from '../core/expiry-queue';

export interface ConversionRecord {
  conversionId: string;
  /** queued: waiting for a worker; a cancelled conversion is failed with REQUEST_CANCELLED. */
  status: 'queued' | 'converting' | 'completed' | 'failed';
  /** Once completed: the result in the result store. */
  fileId?: string;
  fileName?: string;
  /** Once failed: the visitor's message and its stable code. */
  code?: ErrorCode;
  message?: string;
}

export interface ConversionStateStore {
  get(conversionId: string): Promise<ConversionRecord | undefined>;
  set(record: ConversionRecord): Promise<void>;
  /** Applies `change` atomically; undefined from `change` leaves the record as it is. */
  update(
    conversionId: string,
    change: (current: ConversionRecord | undefined) => ConversionRecord | undefined,
  ): Promise<ConversionRecord | undefined>;
  /** Forgets a record nobody will ask for (an answer already given in the request). */
  delete(conversionId: string): Promise<void>;
}

export function isFinished(record: ConversionRecord): boolean {
  return record.status === 'completed' || record.status === 'failed';
}

/** What `GET /api/convert/jobs/{jobId}` answers for a record. */
export function publicJob(record: ConversionRecord): ConversionJob {
  const base = { jobId: record.conversionId, statusUrl: conversionJobPath(record.conversionId) };
  if (record.status === 'completed')
    return {
      ...base,
      status: 'completed',
      ...(record.fileName ? { fileName: record.fileName } : {}),
      ...(record.fileId ? { downloadUrl: conversionResultPath(record.fileId) } : {}),
    };
  if (record.status === 'failed')
    return {
      ...base,
      status: 'failed',
      ...(record.message ? { error: record.message } : {}),
      ...(record.code ? { code: record.code } : {}),
    };
  return { ...base, status: 'converting' };
}

/**
 * Embedded mode: records are forgotten when their results expire, counted from their first write.
 * Like the task and batch stores, old records go on the next write: no timer per conversion.
 */
export class MemoryConversionStateStore implements ConversionStateStore {
  private readonly records = new Map<string, ConversionRecord>();
  /** Clocks from each conversion's first write (a later write keeps its time). */
  private readonly ages: ExpiryQueue<string>;

  constructor(ttlMs: number, now: () => number = Date.now) {
    this.ages = new ExpiryQueue(ttlMs, now);
  }

  async get(conversionId: string): Promise<ConversionRecord | undefined> {
    const record = this.records.get(conversionId);
    return record && !this.ages.isExpired(conversionId) ? { ...record } : undefined;
  }

  async set(record: ConversionRecord): Promise<void> {
    this.ages.sweep((conversionId) => this.records.delete(conversionId));
    this.ages.start(record.conversionId);
    this.records.set(record.conversionId, { ...record });
  }

  async delete(conversionId: string): Promise<void> {
    this.records.delete(conversionId);
    this.ages.forget(conversionId);
  }

  async update(
    conversionId: string,
    change: (current: ConversionRecord | undefined) => ConversionRecord | undefined,
  ): Promise<ConversionRecord | undefined> {
    const current = await this.get(conversionId);
    const next = change(current);
    if (next === undefined) return current;
    await this.set(next);
    return next;
  }
}
