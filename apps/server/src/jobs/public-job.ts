// The one public job (GET /api/jobs/{id}): any kind of job record as the same fields, for its
// owner only. A request's running-job slot (a `read` record) is no public job.
import { jobPath, publicJobKinds, type Job, type PublicJobKind } from '@grabbit/contracts';
import type { JobRecord } from './job-record';

export function isPublicJob(record: JobRecord): record is JobRecord & { kind: PublicJobKind } {
  return (publicJobKinds as readonly string[]).includes(record.kind);
}

/** A download's word on its file, which its task keeps in the record's detail (download/task-store.ts). */
function noticeOf(record: JobRecord): string | undefined {
  const detail = record.detail as { notice?: unknown } | null | undefined;
  return record.kind === 'download' && typeof detail?.notice === 'string' ? detail.notice : undefined;
}

/** The record as its owner reads it (the record must be a public kind: isPublicJob). */
export function publicJobOf(record: JobRecord & { kind: PublicJobKind }): Job {
  const iso = (ms: number) => new Date(ms).toISOString();
  const notice = noticeOf(record);
  return {
    id: record.id,
    kind: record.kind,
    status: record.status,
    progress: record.progress,
    stage: record.stage,
    createdAt: iso(record.createdAt),
    updatedAt: iso(record.updatedAt),
    statusUrl: jobPath(record.id),
    ...(record.status === 'done' && record.resultLink
      ? {
          result: {
            url: record.resultLink,
            ...(record.resultExpiresAt === undefined ? {} : { expiresAt: iso(record.resultExpiresAt) }),
            ...(record.resultBytes === undefined ? {} : { bytes: record.resultBytes }),
          },
        }
      : {}),
    ...(record.errorCode
      ? { error: { code: record.errorCode, message: record.error ?? record.errorCode } }
      : {}),
    ...(notice ? { notice } : {}),
  };
}
