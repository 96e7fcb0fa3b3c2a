// DELETE of a finished file by its owner, on the file's own path (GET downloads it): the feature's
// service removes it (jobs/owned-results.ts says when it may); 204, or FILE_EXPIRED (404).
import { pathParamsSchema } from '@grabbit/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

export function deleteResultRoute(
  app: FastifyInstance,
  url: string,
  deps: { deleteResult(fileId: string, clientId: string): Promise<void>; tags: string[] },
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
      await deps.deleteResult(request.params.fileId, request.clientId);
      return reply.code(204).send();
    },
  );
}
