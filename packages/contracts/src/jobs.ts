// The one public job: every kind of work the server does for a client (a download, a playlist
// batch, a conversion, a cloud copy) read, listed and cancelled the same way at /api/jobs. The
// kind's own calls (a task, a batch's status, a conversion job) stay for the pages that use them.
import { z } from 'zod';
import { apiPath, apiRoutes } from './api-paths';

export const publicJobKinds = ['download', 'batch', 'conversion', 'cloud'] as const;
export type PublicJobKind = (typeof publicJobKinds)[number];

/** queued: waiting for a worker; running: being worked on; the other three are final. */
export const publicJobStatuses = ['queued', 'running', 'done', 'failed', 'cancelled'] as const;
export type PublicJobStatus = (typeof publicJobStatuses)[number];

/** A download's word on its file (the task's and its public job's `notice`). */
export const resultNoticeSchema = z
  .string()
  .optional()
  .meta({
    description:
      'Once completed: what the visitor should know about the file, such as a SponsorBlock option ' +
      'that could not be honoured (SponsorBlock did not answer in time, or knows no segments).',
  });

export const jobSchema = z.object({
  id: z.string(),
  kind: z.enum(publicJobKinds),
  status: z.enum(publicJobStatuses),
  /** 0-100. */
  progress: z.number().min(0).max(100),
  /** The kind's own word for where the job is (e.g. downloading, converting). */
  stage: z.string(),
  /** ISO times. */
  createdAt: z.string(),
  updatedAt: z.string(),
  /** This job (GET; DELETE cancels it while queued or running). */
  statusUrl: z.string(),
  /** Once done: where the result is fetched, and until when (ISO time; absent when not known). */
  result: z
    .object({
      url: z.string(),
      expiresAt: z.string().optional(),
      bytes: z.number().optional(),
    })
    .optional(),
  /** Once failed or cancelled: a stable code of the error table and the message for people. */
  error: z.object({ code: z.string(), message: z.string() }).optional(),
  /** A download's, as its task gives it. */
  notice: resultNoticeSchema,
});
export type Job = z.infer<typeof jobSchema>;

/** GET /api/jobs: the caller's own jobs, newest first, a page at a time. */
export const jobListQuerySchema = z.object({
  status: z.enum(publicJobStatuses).optional(),
  kind: z.enum(publicJobKinds).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  /** The `nextCursor` of the page before. */
  cursor: z.string().max(200).optional(),
});
export type JobListQuery = z.infer<typeof jobListQuerySchema>;

export const jobListSchema = z.object({
  jobs: z.array(jobSchema),
  /** Absent on the last page. */
  nextCursor: z.string().optional(),
});
export type JobList = z.infer<typeof jobListSchema>;

export const jobPath = (jobId: string) => apiPath(apiRoutes.job, { jobId });

/**
 * The header that makes a call that starts work safe to repeat: the same key and body from the
 * same client within a day answer the first job again.
 */
export const idempotencyKeyHeader = 'idempotency-key';
