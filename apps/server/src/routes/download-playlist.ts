// Playlists: POST /api/download/{platform}/playlist (also reached as youtube/playlist) lists one (and says whether the page downloads it
// at once), POST /api/download/playlist starts a batch, GET .../{batchId}/status follows it, and
// POST .../{batchId}/download streams its files as one zip named after the playlist.
import {
  apiRoutes,
  batchRequestSchema,
  batchStartResponseSchema,
  batchStatusSchema,
  pathParamsSchema,
  platformParamsSchema,
  playlistInfoRequestSchema,
  playlistResponseSchema,
  type BatchStartResponse,
} from '@grabbit/contracts';
import { create as contentDisposition } from 'content-disposition';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { DownloadService } from '../download/download-service';
import { zipObjects } from '../download/zip';
import { answers, fileAnswer } from '../http/route-schemas';
import { jobOrigin, startsJob } from '../security/job-gate';
import { linkReadErrors } from './error-sets';

const tags = ['downloads'];

export function downloadPlaylistRoutes(service: DownloadService) {
  return async function register(app: FastifyInstance): Promise<void> {
    const api = app.withTypeProvider<ZodTypeProvider>();
    api.post(
      apiRoutes.playlist,
      {
        config: startsJob('download'),
        schema: {
          summary:
            'List a playlist (pages with playlists: YouTube), and whether the page downloads it at once',
          tags,
          params: platformParamsSchema,
          body: playlistInfoRequestSchema,
          response: answers(playlistResponseSchema),
          errors: [...linkReadErrors, 'PLAYLIST_NOT_FOUND'],
        },
      },
      async (request) => service.listPlaylist(service.platform(request.params.platform), request.body),
    );

    api.post(
      apiRoutes.batchStart,
      {
        config: startsJob('download'),
        schema: {
          summary: 'Start a batch of downloads',
          tags,
          body: batchRequestSchema,
          response: answers(batchStartResponseSchema),
          // A post's items are read first (linkReadErrors) to download each as a post's item.
          errors: [...linkReadErrors, 'POST_ITEM_NOT_FOUND', 'BUSY'],
        },
      },
      async (request) => {
        const { body } = request;
        // The batch takes over the request's running-job slot and holds it until it ends.
        const batch = await service.startBatch(
          service.platform(body.platform),
          {
            items: body.items,
            format: body.outputFormat,
            quality: body.quality,
            title: body.title,
            clip: { startTime: body.startTime, endTime: body.endTime, subtitles: body.subtitles },
            instagramCookies: body.instagramCookies,
          },
          jobOrigin(request),
        );
        return {
          success: true,
          batchId: batch.batchId,
          message: `Downloading ${body.items.length} items`,
        } satisfies BatchStartResponse;
      },
    );

    api.get(
      apiRoutes.batchStatus,
      {
        schema: {
          summary: "A batch's progress",
          tags,
          params: pathParamsSchema('batchId'),
          response: answers(batchStatusSchema),
          errors: ['BATCH_NOT_FOUND'],
        },
      },
      async (request, reply) => {
        const status = await service.batchStatus(request.params.batchId);
        reply.header('cache-control', 'no-store');
        return status;
      },
    );

    // POST as the pages call it; GET too, so the public job's result link (GET /api/jobs/{id})
    // can be followed like every other result. Each method its own schema object: the document
    // names each operation on it.
    for (const method of ['GET', 'POST'] as const)
      api.route({
        method,
        url: apiRoutes.batchZip,
        schema: {
          summary: "A finished batch's files as one zip",
          tags,
          params: pathParamsSchema('batchId'),
          // 409 BATCH_NOT_READY while items still download.
          response: answers({ 200: fileAnswer(['application/zip']) }),
          errors: ['BATCH_NOT_FOUND', 'BATCH_NOT_READY', 'FILE_EXPIRED'],
        },
        handler: async (request, reply) => {
          const { batchId } = request.params;
          const zip = await service.batchZip(batchId);
          // Sent whole, the zip collects the batch's files: they stop counting as waiting results.
          if (request.method !== 'HEAD')
            reply.raw.once('finish', () => void service.batchCollected(batchId).catch(() => undefined));
          return reply
            .header('content-type', 'application/zip')
            .header('content-disposition', contentDisposition(zip.fileName))
            .header('cache-control', 'private, no-store')
            .send(await zipObjects(zip.files));
        },
      });
  };
}
