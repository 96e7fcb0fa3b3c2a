// A post's items (POST /api/download/{platform}/media): listed, or all downloaded with the answer
// waiting until each item's task has ended.
import { safeTitle } from '@grabbit/contracts';
import type { Platform } from '@grabbit/catalog';
import type {
  ClipOptions,
  DownloadedFile,
  DownloadFormatName,
  MediaItemsResponse,
  PostDownloadResponse,
  Quality,
} from '@grabbit/contracts';
import { AppError } from '../core/app-error';
import { newId } from '../core/ids';
import { checkClipOptions } from './clip-rules';
import { mediaItemsOf } from './media-items';
import type { DownloadService } from './service';

export interface PostRequest extends ClipOptions {
  url: string;
  format: DownloadFormatName;
  quality: Quality;
  getMediaItems: boolean;
  instagramCookies?: string;
}

export async function postResponse(
  service: DownloadService,
  platform: Platform,
  body: PostRequest,
  /** The client: the post's downloads are its jobs, riding on the post read's own slot. */
  owner: string,
): Promise<MediaItemsResponse | PostDownloadResponse> {
  if (!body.getMediaItems) checkClipOptions(body.format, body);
  // The visitor's cookie is for a platform whose page offers it, and this one request.
  const cookies = platform.sessionCookie ? body.instagramCookies?.trim() || undefined : undefined;
  const info = await service.readInfo(platform, body.url, 'post', cookies);
  const mediaItems = mediaItemsOf(info, platform, body.url.trim());
  if (mediaItems.length === 0) {
    throw new AppError(
      'POST_EMPTY',
      `No photos or videos could be downloaded from this ${platform.name} post`,
    );
  }
  const title = safeTitle(info.title, `${platform.name} post`);
  if (body.getMediaItems) {
    return {
      success: true,
      message: `${mediaItems.length} items found`,
      title,
      mediaItems,
    } satisfies MediaItemsResponse;
  }
  const tasks = [];
  // The post's files count as one result waiting for the visitor (jobs/waiting-results.ts).
  const post = newId();
  for (const item of mediaItems) {
    const task = await service.startTask(
      platform,
      {
        url: item.url,
        itemIndex: item.itemIndex,
        quality: body.quality,
        instagramCookies: cookies,
        partOf: post,
        format: item.mediaType === 'image' ? item.suggestedFormat : body.format,
        // A section and subtitles make sense for the post's videos only.
        ...(item.mediaType === 'image'
          ? {}
          : { startTime: body.startTime, endTime: body.endTime, subtitles: body.subtitles }),
      },
      { owner },
    );
    tasks.push({ item, task });
  }
  const downloadedFiles: DownloadedFile[] = [];
  for (const { item, task } of tasks) {
    const done = (await service.waitForTask(task.taskId))?.task;
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
}
