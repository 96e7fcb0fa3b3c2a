// POST /api/download/{platform}/info: what a link offers before downloading it (title, uploader,
// duration, qualities with sizes, audio bit rates, subtitles), cached a few minutes per link.
// GET /api/download/thumbnail/{id}: the preview's picture, fetched by the server.
import { mediaInfoRequestSchema, type MediaInfoResponse } from '@grabbit/contracts';
import type { FastifyInstance } from 'fastify';
import { audioBitratesOf, qualitiesOf, subtitlesOf, type FullInfo } from '../download/media-info';
import type { DownloadService } from '../download/service';
import { fetchThumbnail } from '../download/thumbnail-fetch';
import { AppError } from '../http/app-error';
import { thumbnailOf } from '../media/ytdlp-info';
import { parseBody } from './download-shared';

export function downloadInfoRoutes(service: DownloadService) {
  return async function register(app: FastifyInstance): Promise<void> {
    app.post<{ Params: { platform: string } }>('/api/download/:platform/info', async (request) => {
      const platform = service.platform(request.params.platform);
      const body = parseBody(mediaInfoRequestSchema, request.body);
      const { info } = await service.cachedInfo(platform, body.url);
      const thumbnail = thumbnailOf(info);
      return {
        success: true,
        title: info.title ?? `${platform.name} video`,
        uploader: (info as FullInfo).uploader ?? (info as FullInfo).channel ?? null,
        duration: info.duration ?? null,
        thumbnailUrl: thumbnail
          ? `/api/download/thumbnail/${service.infoCache.thumbnailId(thumbnail)}`
          : null,
        qualities: qualitiesOf(info),
        audioBitrates: audioBitratesOf(info),
        subtitles: subtitlesOf(info),
      } satisfies MediaInfoResponse;
    });

    app.get<{ Params: { id: string } }>('/api/download/thumbnail/:id', async (request, reply) => {
      const link = service.infoCache.thumbnailUrl(request.params.id);
      if (!link) throw new AppError('NOT_FOUND', 'This picture is not available.', 404);
      const image = await fetchThumbnail(link, service.config.MEDIA_TEST_HOSTS);
      return reply
        .header('content-type', image.contentType)
        .header('cache-control', 'private, max-age=3600')
        .header('x-content-type-options', 'nosniff')
        .send(image.body);
    });
  };
}
