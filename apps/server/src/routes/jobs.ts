// The one public job of every kind (a download, a batch, a conversion, a cloud copy), for its
// owner: GET /api/jobs lists the caller's own jobs newest first (by cursor, filtered by status
// and kind), GET /api/jobs/{id} reads one (with an ETag: If-None-Match answers 304), DELETE
// /api/jobs/{id} cancels one that is queued or running. Another client's job is not found.
import { createHash } from 'node:crypto';
import {
  apiRoutes,
  jobListQuerySchema,
  jobListSchema,
  jobSchema,
  pathParamsSchema,
  type Job,
  type JobList,
} from '@grabbit/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../core/app-error';
import { cancelJob } from '../jobs/job-cancel';
import type { JobRecord } from '../jobs/job-record';
import type { JobRecords } from '../jobs/job-records';
import { isPublicJob, publicJobOf } from '../jobs/public-job';
import { answers } from '../http/route-schemas';
import type { Headers } from '../openapi/answer-headers';

const tags = ['jobs'];

const jobNotFound = () => new AppError('JOB_NOT_FOUND', 'No job of yours has this id (it may have expired).');

const etagHeader: Headers = {
  ETag: { type: 'string', description: 'A tag of this state of the job (send it as If-None-Match)' },
};

const conditionalHeaders = z.looseObject({
  'if-none-match': z
    .string()
    .optional()
    .meta({ description: 'The ETag of a state already read: 304 while the job is unchanged' }),
});

/** The caller's own public job, or JOB_NOT_FOUND. */
async function ownJob(records: JobRecords, request: FastifyRequest, jobId: string) {
  const record = await records.get(jobId);
  if (!record || record.owner !== request.clientId || !isPublicJob(record)) throw jobNotFound();
  return record;
}

/** The job with its ETag; 304 (no body) when the client's If-None-Match names this state. */
function answerJob(request: FastifyRequest, reply: FastifyReply, job: Job): Job | FastifyReply {
  const etag = `"${createHash('sha256').update(JSON.stringify(job)).digest('base64url').slice(0, 27)}"`;
  reply.header('etag', etag).header('cache-control', 'no-cache');
  const asked = request.headers['if-none-match'];
  const tags = (asked ?? '').split(',').map((tag) => tag.trim().replace(/^W\//, ''));
  if (asked === '*' || tags.includes(etag)) return reply.code(304).send();
  return job;
}

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

export function jobRoutes(records: JobRecords) {
  return async function register(app: FastifyInstance): Promise<void> {
    const api = app.withTypeProvider<ZodTypeProvider>();
    const params = pathParamsSchema('jobId');

    api.get(
      apiRoutes.jobs,
      {
        schema: {
          summary: 'Your jobs of every kind, newest first',
          description:
            'A page of the jobs this client (its address, or its API key) started and the server still keeps; `nextCursor` asks for the next page.',
          tags,
          querystring: jobListQuerySchema,
          response: answers(jobListSchema),
        },
      },
      async (request, reply) => {
        const { status, kind, limit, cursor } = request.query;
        const found = await records.listOwned(request.clientId, {
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
        reply.header('cache-control', 'no-store');
        return {
          jobs: page.filter(isPublicJob).map(publicJobOf),
          ...(found.length > limit && last ? { nextCursor: encodeCursor(last) } : {}),
        } satisfies JobList;
      },
    );

    api.get(
      apiRoutes.job,
      {
        schema: {
          summary: 'A job of any kind: its status, progress, result link or error',
          tags,
          params,
          headers: conditionalHeaders,
          response: answers(jobSchema),
          answerHeaders: { 200: etagHeader },
          plainAnswers: { 304: { description: 'Unchanged since the ETag sent', headers: etagHeader } },
          errors: ['JOB_NOT_FOUND'],
        },
      },
      async (request, reply) =>
        answerJob(request, reply, publicJobOf(await ownJob(records, request, request.params.jobId))),
    );

    api.delete(
      apiRoutes.job,
      {
        schema: {
          summary: 'Cancel a queued or running job',
          description:
            'The job stops wherever it runs (its engine ends, its files are removed), its running-job slot is free at once, and it ends as `cancelled` with the error JOB_CANCELLED. A batch or a cloud copy cancels its downloads too.',
          tags,
          params,
          response: answers(jobSchema),
          errors: ['JOB_NOT_FOUND', 'JOB_ALREADY_ENDED'],
        },
      },
      async (request, reply) => {
        const record = await ownJob(records, request, request.params.jobId);
        const cancelled = await cancelJob(records, record);
        reply.header('cache-control', 'no-store');
        return isPublicJob(cancelled) ? publicJobOf(cancelled) : publicJobOf(record);
      },
    );
  };
}
