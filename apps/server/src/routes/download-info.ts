// POST /api/download/{platform}/info: what a link offers before downloading it (title, uploader,
// duration, qualities with sizes, audio bit rates, subtitles and automatic captions, chapters),
// cached a few minutes per link.
// GET /api/download/thumbnail/{id}: the preview's picture, fetched by the server.
import {
  apiRoutes,
  mediaInfoRequestSchema,
  mediaInfoResponseSchema,
  pathParamsSchema,
  platformParamsSchema,
} from '@grabbit/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { mediaPreview, previewPicture } from '../download/preview';
import type { DownloadService } from '../download/download-service';
import { answers, fileAnswer } from '../http/route-schemas';
import { linkReadErrors } from './error-sets';
import { startsJob } from '../security/job-gate';

const tags = ['downloads'];

export function downloadInfoRoutes(service: DownloadService) {
  return async function register(app: FastifyInstance): Promise<void> {
    const api = app.withTypeProvider<ZodTypeProvider>();
    api.post(
      apiRoutes.downloadInfo,
      {
        config: startsJob('download', 'preview'),
        schema: {
          summary: "A link's preview: title, duration, qualities with sizes, audio bit rates, subtitles",
          tags,
          params: platformParamsSchema,
          body: mediaInfoRequestSchema,
          response: answers(mediaInfoResponseSchema),
          errors: linkReadErrors,
        },
      },
      async (request) => {
        // An unlimited API key (a server of the operator's) has no share to keep to.
        const client = request.apiKey?.unlimited ? undefined : request.clientId;
        return mediaPreview(service, service.platform(request.params.platform), request.body.url, client);
      },
    );

    api.get(
      apiRoutes.thumbnail,
      {
        schema: {
          summary: "A previewed link's picture, fetched by the server",
          tags,
          params: pathParamsSchema('id'),
          response: answers({ 200: fileAnswer(['image/*'], 'The picture') }),
          errors: ['NOT_FOUND'],
        },
      },
      async (request, reply) => {
        const image = await previewPicture(service, request.params.id);
        return (
          reply
            .header('content-type', image.contentType)
            .header('cache-control', 'private, max-age=3600')
            .header('x-content-type-options', 'nosniff')
            // A raster picture only (thumbnail-fetch.ts); should one ever be anything else, it runs nothing.
            .header('content-security-policy', "default-src 'none'; sandbox")
            .send(image.body)
        );
      },
    );
  };
}
