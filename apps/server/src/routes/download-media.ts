// POST /api/download/{platform}/media: with getMediaItems (default) it lists a post's items; with
// getMediaItems false it downloads them all and answers the post response with every file.
import { mediaItemsRequestSchema } from '@grabbit/contracts';
import type { FastifyInstance } from 'fastify';
import { checkClipOptions } from '../download/clip-rules';
import { postResponse } from '../download/post-items';
import type { DownloadService } from '../download/service';
import { parseBody } from './download-shared';

export function downloadMediaRoutes(service: DownloadService) {
  return async function register(app: FastifyInstance): Promise<void> {
    app.post<{ Params: { platform: string } }>('/api/download/:platform/media', async (request) => {
      const platform = service.platform(request.params.platform);
      const body = parseBody(mediaItemsRequestSchema, request.body);
      if (!body.getMediaItems) checkClipOptions(body.format, body);
      return postResponse(service, platform, body);
    });
  };
}
