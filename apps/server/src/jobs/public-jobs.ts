// The public jobs of one owner (GET /api/jobs, GET and DELETE /api/jobs/{id}): listed newest first
// a page at a time, read one by one, cancelled. A job is only ever its owner's: another client's
// job, or a record that is no public job (a request's running-job slot), is not found.
import type { Job, JobList, JobListQuery } from '@grabbit/contracts';
import { AppError } from '../core/app-error';
import { cancelJob } from './job-cancel';
import type { JobRecord } from './job-record';
import type { JobRecords } from './job-records';
import { isPublicJob, publicJobOf } from './public-job';

const jobNotFound = () => new AppError('JOB_NOT_FOUND', 'No job of yours has this id (it may have expired).');

/** A page's cursor: where the next page starts (the last job's creation time and id). */
const encodeCursor = (record: JobRecord) =>
  Buffer.from(JSON.stringify([record.createdAt, record.id])).toString('base64url');

function decodeCursor(cursor: string): Pick<JobRecord, 'createdAt' | 'id'> {
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (Array.isArray(value) && typeof value[0] === 'number' && typeof value[1] === 'string')
      return { createdAt: value[0], id: value[1] };
  } catch {
    // Answered below.
  }
  throw new AppError('VALIDATION_FAILED', 'cursor: not a cursor this server gave out');
}

export class PublicJobs {
  constructor(private readonly records: JobRecords) {}

  /** A page of the owner's jobs, newest first; `nextCursor` when another page follows. */
  async list(owner: string, { status, kind, limit, cursor }: JobListQuery): Promise<JobList> {
    const found = await this.records.listOwned(owner, {
      ...(cursor ? { after: decodeCursor(cursor) } : {}),
      // One more than the page, to know whether another follows.
      limit: limit + 1,
      accept: (record) =>
        isPublicJob(record) &&
        (status === undefined || record.status === status) &&
        (kind === undefined || record.kind === kind),
    });
    const page = found.slice(0, limit);
    const last = page.at(-1);
    return {
      jobs: page.filter(isPublicJob).map(publicJobOf),
      ...(found.length > limit && last ? { nextCursor: encodeCursor(last) } : {}),
    };
  }

  /** The owner's job, or JOB_NOT_FOUND. */
  async read(owner: string, jobId: string): Promise<Job> {
    return publicJobOf(await this.ownJob(owner, jobId));
  }

  /**
   * Cancels the owner's job and its parts (JOB_NOT_FOUND, or JOB_ALREADY_ENDED when it had ended):
   * the job as it is after.
   */
  async cancel(owner: string, jobId: string): Promise<Job> {
    const record = await this.ownJob(owner, jobId);
    const cancelled = await cancelJob(this.records, record);
    return isPublicJob(cancelled) ? publicJobOf(cancelled) : publicJobOf(record);
  }

  private async ownJob(owner: string, jobId: string) {
    const record = await this.records.get(jobId);
    if (!record || record.owner !== owner || !isPublicJob(record)) throw jobNotFound();
    return record;
  }
}
