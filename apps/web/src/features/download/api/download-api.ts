// The page-side download service: one function per server call. A failed answer
// without `success` throws the server's message or the default message of that call; the calls
// that start work leave the toast to their caller, so a failure is told once.
import { platformById, type DownloadFormat, type PlatformId } from '@grabbit/catalog';
import type {
  BatchStartResponse,
  BatchStatus,
  DownloadStartResponse,
  DownloadTask,
  MediaItemsResponse,
  PlaylistItem,
  PlaylistResponse,
} from '@grabbit/contracts';
import { apiPath, apiRoutes } from '@grabbit/contracts/api-paths';
import { ApiError, apiRequest, ensureSuccess } from '../../../lib/api-client';

function platformPath(platformId: PlatformId): string {
  const platform = platformById(platformId);
  if (!platform) throw new Error(`Unsupported platform: ${platformId}`);
  return platform.id;
}

export interface StartDownloadInput {
  url: string;
  format: DownloadFormat;
  /** One item of a multi-media post (1-based). */
  itemIndex?: number;
  removeWatermark?: boolean;
  /** The visitor's session for the post an item belongs to (the platform's sessionCookie). */
  instagramCookies?: string;
  quality?: string;
  startTime?: number;
  endTime?: number;
  subtitles?: string;
  /** false: no tags or cover art in the file. */
  tags?: false;
  /** SponsorBlock's segments removed or marked as chapters. */
  sponsorBlock?: 'remove' | 'chapters';
}

export async function startDownload(
  platformId: PlatformId,
  input: StartDownloadInput,
): Promise<DownloadStartResponse> {
  const body = { quality: 'best', removeWatermark: false, directDownload: false, ...input };
  const answer = await apiRequest<DownloadStartResponse>(
    apiPath(apiRoutes.download, { platform: platformPath(platformId) }),
    // The queue item says why it failed, in one toast of its own.
    { body, toastErrors: false },
  );
  return ensureSuccess(answer, 'Download failed');
}

/** The task's state: the source of truth after a hub reconnect. */
export async function getTask(taskId: string): Promise<DownloadTask> {
  const answer = await apiRequest<DownloadTask | { task: DownloadTask }>(
    apiPath(apiRoutes.downloadTask, { taskId }),
    {
      toastErrors: false,
    },
  );
  return 'task' in answer ? answer.task : answer;
}

/**
 * Deletes a finished file the visitor has not saved (DELETE on its own link), so it stops counting
 * against the files waiting for them. False when the server no longer keeps it for them (saved
 * already, or expired): it is gone either way.
 */
export async function deleteResult(link: string): Promise<boolean> {
  try {
    await apiRequest<unknown>(link, { method: 'DELETE', toastErrors: false, responseType: 'blob' });
    return true;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return false;
    throw error;
  }
}

export async function getPostMediaItems(
  platformId: PlatformId,
  url: string,
  instagramCookies?: string,
): Promise<MediaItemsResponse> {
  const body = { url, getMediaItems: true, ...(instagramCookies ? { instagramCookies } : {}) };
  const answer = await apiRequest<MediaItemsResponse>(
    apiPath(apiRoutes.downloadMedia, { platform: platformPath(platformId) }),
    { body, toastErrors: false },
  );
  return ensureSuccess(answer, 'Failed to get media items');
}

export async function getPlaylistItems(
  platform: PlatformId,
  url: string,
  format: DownloadFormat,
): Promise<PlaylistResponse> {
  const answer = await apiRequest<PlaylistResponse>(apiPath(apiRoutes.playlist, { platform }), {
    body: { url, format, quality: 'best' },
    toastErrors: false,
  });
  return ensureSuccess(answer, 'Failed to get playlist items');
}

/** A playlist's videos as one batch on the page's platform (playlist items exist only on a page with playlists). */
export async function createPlaylistBatch(
  platform: PlatformId,
  items: readonly (Pick<PlaylistItem, 'url' | 'title'> & { itemIndex?: number })[],
  outputFormat: DownloadFormat,
  title: string,
  /** The visitor's session for a post's items (the platform's sessionCookie). */
  instagramCookies?: string,
): Promise<BatchStartResponse> {
  const body = {
    items: items.map(({ url, title: itemTitle, itemIndex }) => ({ url, title: itemTitle, itemIndex })),
    outputFormat,
    title,
    platform,
    ...(instagramCookies ? { instagramCookies } : {}),
  };
  const answer = await apiRequest<BatchStartResponse>(apiRoutes.batchStart, { body, toastErrors: false });
  return ensureSuccess(answer, 'Failed to create playlist download');
}

export async function getBatchStatus(batchId: string): Promise<BatchStatus> {
  return apiRequest<BatchStatus>(apiPath(apiRoutes.batchStatus, { batchId }), {
    toastErrors: false,
  });
}

/** The address the finished batch's zip is fetched from (POST, empty body). */
export function batchZipPath(batchId: string): string {
  return apiPath(apiRoutes.batchZip, { batchId });
}
