// A conversion is a job record (jobs/) of kind `conversion`: queued while it waits for a worker,
// running while converted, then done (its result is the stored file), failed, or cancelled (its
// visitor left before the upload was in). Here are the converter's own rules around that record:
// what the job status route answers, and how a job's end is written.
import {
  conversionJobPath,
  conversionResultPath,
  type ConversionJob,
  type ErrorCode,
} from '@grabbit/contracts';
import type { AppError } from '../core/app-error';
import { isEnded, type JobRecord } from '../jobs/job-record';
import type { JobRecords } from '../jobs/job-records';

/** A conversion's own field in its record: the result's name once done. */
export interface ConversionDetail {
  fileName?: string;
}

export type ConversionRecord = JobRecord<ConversionDetail>;

/** How a conversion ended: its stored result, or the visitor's error. */
export type ConversionEnd =
  { fileId: string; fileName: string; bytes: number; expiresAt: number } | { failure: AppError };

/** What `GET /api/convert/jobs/{jobId}` answers for a record (a cancelled one is failed). */
export function publicJob(record: ConversionRecord): ConversionJob {
  const base = { jobId: record.id, statusUrl: conversionJobPath(record.id) };
  if (record.status === 'done')
    return {
      ...base,
      status: 'completed',
      ...(record.detail.fileName ? { fileName: record.detail.fileName } : {}),
      ...(record.result ? { downloadUrl: conversionResultPath(record.result) } : {}),
    };
  if (record.status === 'failed' || record.status === 'cancelled')
    return {
      ...base,
      status: 'failed',
      ...(record.error ? { error: record.error } : {}),
      ...(record.errorCode ? { code: record.errorCode as ErrorCode } : {}),
    };
  return { ...base, status: 'converting' };
}

/** The record as a conversion's job, or undefined when the id names another kind of job. */
export async function conversionRecord(
  records: JobRecords,
  id: string,
): Promise<ConversionRecord | undefined> {
  const record = await records.get<ConversionDetail>(id);
  return record?.kind === 'conversion' ? record : undefined;
}

/** Records a conversion's end, unless it has ended already (cancelled meanwhile). */
export async function endConversion(
  records: JobRecords,
  conversionId: string,
  end: ConversionEnd,
): Promise<void> {
  await records.update<ConversionDetail>(conversionId, (current) => {
    if (isEnded(current)) return undefined;
    if ('fileId' in end)
      return {
        ...current,
        status: 'done',
        progress: 100,
        stage: 'completed',
        result: end.fileId,
        resultLink: conversionResultPath(end.fileId),
        resultBytes: end.bytes,
        resultExpiresAt: end.expiresAt,
        detail: { fileName: end.fileName },
      };
    const status = end.failure.code === 'REQUEST_CANCELLED' ? 'cancelled' : 'failed';
    return { ...current, status, stage: 'error', errorCode: end.failure.code, error: end.failure.message };
  });
}
