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
} from '@grabbit/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { PublicJobs } from '../jobs/public-jobs';
import { answers } from '../http/route-schemas';
import type { Headers } from '../openapi/answer-headers';

const tags = ['jobs'];

const etagHeader: Headers = {
  ETag: { type: 'string', description: 'A tag of this state of the job (send it as If-None-Match)' },
};

const conditionalHeaders = z.looseObject({
  'if-none-match': z
    .string()
    .optional()
    .meta({ description: 'The ETag of a state already read: 304 while the job is unchanged' }),
});

/** The job with its ETag; 304 (no body) when the client's If-None-Match names this state. */
function answerJob(request: FastifyRequest, reply: FastifyReply, job: Job): Job | FastifyReply {
  const etag = `"${createHash('sha256').update(JSON.stringify(job)).digest('base64url').slice(0, 27)}"`;
  reply.header('etag', etag).header('cache-control', 'no-cache');
  const asked = request.headers['if-none-match'];
  const tags = (asked ?? '').split(',').map((tag) => tag.trim().replace(/^W\//, ''));
  if (asked === '*' || tags.includes(etag)) return reply.code(304).send();
  return job;
}

export function jobRoutes(jobs: PublicJobs) {
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
        const page = await jobs.list(request.clientId, request.query);
        reply.header('cache-control', 'no-store');
        return page;
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
        answerJob(request, reply, await jobs.read(request.clientId, request.params.jobId)),
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
        const cancelled = await jobs.cancel(request.clientId, request.params.jobId);
        reply.header('cache-control', 'no-store');
        return cancelled;
      },
    );
  };
}
