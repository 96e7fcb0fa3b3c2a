// GET /api/convert/jobs/{jobId}: a conversion's state (from its job record, so any API node
// answers; a conversion whose visitor left goes on and is found here by its id); GET
// /api/convert/result/{fileId}: its result (a conversion's only), from the result store (ranges
// work, expires like download results; DELETE removes it, routes/delete-result.ts).
import { apiRoutes, conversionJobSchema, pathParamsSchema } from '@grabbit/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { conversionRecord, publicJob } from '../convert/conversion-record';
import type { JobRecords } from '../jobs/job-records';
import { downloadFailures } from '../download/failures';
import { AppError } from '../core/app-error';
import { answers, fileAnswer } from '../http/route-schemas';
import { anyConversionMediaTypes } from './file-media-types';
import { sendFetchedResult } from '../http/send-result';
import { deleteResultRoute } from './delete-result';
import type { ResultStore } from '../storage/result-store';

const tags = ['conversions'];

export function convertJobRoutes(records: JobRecords, results: ResultStore) {
  return async function register(app: FastifyInstance): Promise<void> {
    const api = app.withTypeProvider<ZodTypeProvider>();
    api.get(
      apiRoutes.conversionJob,
      {
        schema: {
          summary: "A long conversion's state",
          tags,
          params: pathParamsSchema('jobId'),
          response: answers(conversionJobSchema),
          errors: ['TASK_NOT_FOUND'],
        },
      },
      async (request, reply) => {
        const record = await conversionRecord(records, request.params.jobId);
        if (!record)
          throw new AppError('TASK_NOT_FOUND', 'This conversion is not known (it may have expired).');
        reply.header('cache-control', 'no-store');
        return publicJob(record);
      },
    );

    api.get(
      apiRoutes.conversionResult,
      {
        schema: {
          summary: "A finished conversion's file (an attachment; ranges work)",
          tags,
          params: pathParamsSchema('fileId'),
          response: answers({ 200: fileAnswer(anyConversionMediaTypes) }),
          storedFile: true,
          errors: ['FILE_EXPIRED'],
        },
      },
      async (request, reply) => {
        // Conversions' files only: this path spends the larger job-read budget, which must not
        // become a second way to every download.
        const { fileId } = request.params;
        const record = await records.recordOfResult(fileId);
        const file = record?.kind === 'conversion' ? await results.open(fileId) : undefined;
        if (!file) throw downloadFailures.fileExpired();
        return sendFetchedResult(request, reply, file, records);
      },
    );

    deleteResultRoute(app, apiRoutes.conversionResult, { records, results, tags, kinds: ['conversion'] });
  };
}
