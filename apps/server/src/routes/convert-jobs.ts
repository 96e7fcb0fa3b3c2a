// GET /api/convert/jobs/{jobId}: a conversion's state (from its job record, so any API node
// answers; a conversion whose visitor left goes on and is found here by its id); GET
// /api/convert/result/{fileId}: its result (a conversion's only), from the result store (ranges
// work, expires like download results; DELETE removes it, routes/delete-result.ts).
import { apiRoutes, conversionJobSchema, pathParamsSchema } from '@grabbit/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { ConverterService } from '../convert/converter-service';
import { answers, fileAnswer } from '../http/route-schemas';
import { sendFetchedResult } from '../http/send-result';
import { anyConversionMediaTypes } from '../openapi/file-media-types';
import { deleteResultRoute } from './delete-result';

const tags = ['conversions'];

export function convertJobRoutes(converter: ConverterService) {
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
        const job = await converter.job(request.params.jobId);
        reply.header('cache-control', 'no-store');
        return job;
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
      async (request, reply) =>
        sendFetchedResult(request, reply, await converter.resultFile(request.params.fileId), converter),
    );

    deleteResultRoute(app, apiRoutes.conversionResult, {
      deleteResult: (fileId, clientId) => converter.deleteResult(fileId, clientId),
      tags,
    });
  };
}
