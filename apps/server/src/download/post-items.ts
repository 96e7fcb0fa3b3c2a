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
import { newId } from '../core/ids';
import { checkClipOptions } from './clip-rules';
import { postItemTaskInput, sessionCookieOf } from './post-item-task';
import type { DownloadService } from './download-service';

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
  const cookies = sessionCookieOf(platform, body.instagramCookies);
  const { info, mediaItems } = await service.readPost(platform, body.url, cookies);
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
      { ...postItemTaskInput(item, { ...body, instagramCookies: cookies }), partOf: post },
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
