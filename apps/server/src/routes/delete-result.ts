// DELETE of a finished file by its owner (the client that started its job), on the file's own
// path (GET downloads it): the file is removed at once and stops counting against the owner's
// quota of results waiting for it (jobs/waiting-results.ts). It agrees with GET: a file its owner
// can still fetch (waiting, or fetched whole already) its owner can delete. One expired, deleted,
// another client's or of another kind than the path's is FILE_EXPIRED (404), so nobody learns of
// another's files.
import { pathParamsSchema } from '@grabbit/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '../core/app-error';
import type { JobKind } from '../jobs/job-record';
import type { JobRecords } from '../jobs/job-records';
import type { ResultStore } from '../storage/result-store';

const notWaiting = () =>
  new AppError('FILE_EXPIRED', 'This file is not waiting for you: it was deleted already, or has expired.');

export function deleteResultRoute(
  app: FastifyInstance,
  url: string,
  deps: { records: JobRecords; results: ResultStore; tags: string[]; kinds: readonly JobKind[] },
): void {
  app.withTypeProvider<ZodTypeProvider>().delete(
    url,
    {
      schema: {
        summary: 'Delete a finished file you have not saved (it stops counting against your waiting files)',
        tags: deps.tags,
        params: pathParamsSchema('fileId'),
        errors: ['FILE_EXPIRED'],
        plainAnswers: { 204: { description: 'Deleted' } },
      },
    },
    async (request, reply) => {
      const { fileId } = request.params;
      const record = await deps.records.recordOfResult(fileId);
      if (!record || record.owner !== request.clientId || !deps.kinds.includes(record.kind))
        throw notWaiting();
      if (!(await deps.results.open(fileId))) throw notWaiting();
      await deps.records.collectJob(record.id);
      await deps.results.delete(fileId);
      return reply.code(204).send();
    },
  );
}
