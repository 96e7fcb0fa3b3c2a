// GET /api/convert/jobs/{jobId}: a long conversion's state (from the state store, so any API node
// answers); GET /api/convert/result/{fileId}: its result, from the result store (ranges work,
// expires like download results).
import { AppError } from '../http/app-error';
import type { FastifyInstance } from 'fastify';
import { publicJob, type ConversionStateStore } from '../convert/conversion-state';
import type { ResultStore } from '../storage/result-store';
import { downloadFailures } from '../download/failures';
import { sendStoredResult } from '../http/send-result';

export function convertJobRoutes(state: ConversionStateStore, results: ResultStore) {
  return async function register(app: FastifyInstance): Promise<void> {
    app.get<{ Params: { jobId: string } }>('/api/convert/jobs/:jobId', async (request, reply) => {
      const record = await state.get(request.params.jobId);
      if (!record)
        throw new AppError('TASK_NOT_FOUND', 'This conversion is not known (it may have expired).', 404);
      reply.header('cache-control', 'no-store');
      return publicJob(record);
    });

    app.get<{ Params: { fileId: string } }>('/api/convert/result/:fileId', async (request, reply) => {
      const file = await results.open(request.params.fileId);
      if (!file) throw downloadFailures.fileExpired();
      return sendStoredResult(request, reply, file);
    });
  };
}
