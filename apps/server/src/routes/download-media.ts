// POST /api/download/{platform}/media: with getMediaItems (default) it lists a post's items; with
// getMediaItems false it downloads them all and answers the post response with every file.
import {
  apiRoutes,
  mediaItemsRequestSchema,
  mediaItemsResponseSchema,
  platformParamsSchema,
  postDownloadResponseSchema,
} from '@grabbit/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { postResponse } from '../download/post-items';
import type { DownloadService } from '../download/download-service';
import { answers } from '../http/route-schemas';
import { downloadErrors } from './error-sets';
import { startsJob } from '../security/job-gate';

export function downloadMediaRoutes(service: DownloadService) {
  return async function register(app: FastifyInstance): Promise<void> {
    app.withTypeProvider<ZodTypeProvider>().post(
      apiRoutes.downloadMedia,
      {
        config: startsJob('download'),
        schema: {
          summary: "List a post's items, or download them all",
          tags: ['downloads'],
          params: platformParamsSchema,
          body: mediaItemsRequestSchema,
          response: answers(z.union([mediaItemsResponseSchema, postDownloadResponseSchema])),
          errors: downloadErrors,
        },
      },
      // The post's item downloads ride on this request's slot, held until the answer is sent.
      async (request) =>
        postResponse(service, service.platform(request.params.platform), request.body, request.clientId),
    );
  };
}
