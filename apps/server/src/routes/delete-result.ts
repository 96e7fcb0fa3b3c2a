// DELETE of a finished file by its owner (the client that started its job), on the file's own
// path (GET downloads it): the file is removed at once and stops counting against the owner's
// quota of results waiting for it (jobs/waiting-results.ts). Only a file that still waits can be
// deleted this way: one already fetched, expired or another client's is FILE_EXPIRED (404), so
// nobody learns of another's files.
import { pathParamsSchema } from '@grabbit/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '../core/app-error';
import type { JobRecords } from '../jobs/job-records';
import type { ResultStore } from '../storage/result-store';

const notWaiting = () =>
  new AppError('FILE_EXPIRED', 'This file is not waiting for you: it was saved already, or has expired.');

export function deleteResultRoute(
  app: FastifyInstance,
  url: string,
  deps: { records: JobRecords; results: ResultStore; tags: string[] },
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
      if (!(await deps.records.collectResult(fileId, request.clientId))) throw notWaiting();
      await deps.results.delete(fileId);
      return reply.code(204).send();
    },
  );
}
