// POST /api/download/{platform}/media: with getMediaItems (default) it lists a post's items; with
// getMediaItems false it downloads them all and answers the post response with every file.
import {
  mediaItemsRequestSchema,
  type DownloadedFile,
  type MediaItemsResponse,
  type PostDownloadResponse,
} from '@grabbit/contracts';
import type { FastifyInstance } from 'fastify';
import { checkClipOptions } from '../download/clip-rules';
import { mediaItemsOf } from '../download/media-items';
import type { DownloadService } from '../download/service';
import { AppError } from '../http/app-error';
import { parseBody } from './download-shared';

export function downloadMediaRoutes(service: DownloadService) {
  return async function register(app: FastifyInstance): Promise<void> {
    app.post<{ Params: { platform: string } }>('/api/download/:platform/media', async (request) => {
      const platform = service.platform(request.params.platform);
      const body = parseBody(mediaItemsRequestSchema, request.body);
      if (!body.getMediaItems) checkClipOptions(body.format, body);
      // The visitor's cookie is for Instagram only and this one request.
      const cookies = platform.id === 'instagram' ? body.instagramCookies?.trim() || undefined : undefined;
      const info = await service.readInfo(platform, body.url, 'post', cookies);
      const mediaItems = mediaItemsOf(info, platform, body.url.trim());
      if (mediaItems.length === 0) {
        throw new AppError(
          'DOWNLOAD_FAILED',
          `No photos or videos could be downloaded from this ${platform.name} post`,
          422,
        );
      }
      const title = info.title ?? `${platform.name} post`;
      if (body.getMediaItems) {
        return {
          success: true,
          message: `${mediaItems.length} items found`,
          title,
          mediaItems,
        } satisfies MediaItemsResponse;
      }
      const tasks = mediaItems.map((item) => ({
        item,
        task: service.startTask(platform, {
          url: item.url,
          itemIndex: item.itemIndex,
          quality: body.quality,
          instagramCookies: cookies,
          format: item.mediaType === 'image' ? item.suggestedFormat : body.format,
          // A section and subtitles make sense for the post's videos only.
          ...(item.mediaType === 'image'
            ? {}
            : { startTime: body.startTime, endTime: body.endTime, subtitles: body.subtitles }),
        }),
      }));
      const downloadedFiles: DownloadedFile[] = [];
      for (const { item, task } of tasks) {
        const done = await service.tasks.settled(task.taskId);
        if (done?.status !== 'completed' || !done.downloadUrl) continue;
        downloadedFiles.push({
          id: task.taskId,
          downloadUrl: done.downloadUrl,
          format: done.format,
          displayName: item.displayName,
          fileName: done.fileName ?? '',
          fileSize: done.fileSize ?? 0,
          thumbnailUrl: done.thumbnailUrl ?? item.thumbnailUrl,
          mediaType: item.mediaType,
          resolution: item.resolution,
        });
      }
      const photoCount = downloadedFiles.filter((f) => f.mediaType === 'image').length;
      const response: PostDownloadResponse = {
        success: downloadedFiles.length > 0,
        message:
          downloadedFiles.length > 0
            ? `${downloadedFiles.length} files ready!`
            : `No photos or videos could be downloaded from this ${platform.name} post`,
        title,
        downloadedFiles,
        photoCount,
        videoCount: downloadedFiles.length - photoCount,
      };
      return response;
    });
  };
}
