// Playlists: POST /api/download/youtube/playlist lists one (and says whether the page downloads it
// at once), POST /api/download/playlist starts a batch, GET .../{batchId}/status follows it, and
// POST .../{batchId}/download streams its files as one zip named after the playlist.
import { batchRequestSchema, playlistInfoRequestSchema, type BatchStartResponse } from '@grabbit/contracts';
import { create as contentDisposition } from 'content-disposition';
import type { FastifyInstance } from 'fastify';
import { sanitizeTitle } from '../download/file-names';
import { listPlaylist } from '../download/playlist-listing';
import { downloadFailures } from '../download/failures';
import type { DownloadService } from '../download/service';
import { zipFiles } from '../download/zip';
import { AppError } from '../http/app-error';
import { parseBody } from './download-shared';

export function downloadPlaylistRoutes(service: DownloadService) {
  return async function register(app: FastifyInstance): Promise<void> {
    app.post('/api/download/youtube/playlist', async (request) => {
      const platform = service.platform('youtube');
      const body = parseBody(playlistInfoRequestSchema, request.body);
      return listPlaylist(service, platform, body);
    });

    app.post('/api/download/playlist', async (request) => {
      const body = parseBody(batchRequestSchema, request.body);
      const platform = service.platform(body.platform);
      const items = body.items.map((item) => (typeof item === 'string' ? { url: item } : item));
      const batch = await service.batches.create(platform, {
        items,
        format: body.outputFormat,
        quality: body.quality,
        title: body.title,
        clip: { startTime: body.startTime, endTime: body.endTime, subtitles: body.subtitles },
      });
      return {
        success: true,
        batchId: batch.batchId,
        message: `Downloading ${items.length} items`,
      } satisfies BatchStartResponse;
    });

    app.get<{ Params: { batchId: string } }>(
      '/api/download/playlist/:batchId/status',
      async (request, reply) => {
        const status = await service.batches.status(request.params.batchId);
        if (!status) throw downloadFailures.batchNotFound();
        reply.header('cache-control', 'no-store');
        return status;
      },
    );

    app.post<{ Params: { batchId: string } }>(
      '/api/download/playlist/:batchId/download',
      async (request, reply) => {
        const status = await service.batches.status(request.params.batchId);
        if (!status) throw downloadFailures.batchNotFound();
        if (status.status === 'pending' || status.status === 'downloading') {
          throw new AppError(
            'BATCH_NOT_READY',
            'The playlist is still downloading. Please wait until it is complete.',
          );
        }
        const files = await service.batches.completedFiles(status.batchId);
        if (files.length === 0) throw new AppError('DOWNLOAD_FAILED', 'Failed to create playlist download');
        return reply
          .header('content-type', 'application/zip')
          .header('content-disposition', contentDisposition(`${sanitizeTitle(status.title, 'playlist')}.zip`))
          .header('cache-control', 'private, no-store')
          .send(zipFiles(files));
      },
    );
  };
}
