// What the downloader's calls answer, as zod schemas: the server's routes
// declare them as their responses (serialised through them: nothing unlisted leaves the server),
// the API document shows them, and the pages read the same types.
import { z } from 'zod';
import { downloadFormatSchema } from './download';
import { resultNoticeSchema } from './jobs';

/** POST /api/download/{platform} (without directDownload). */
export const downloadStartResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  taskId: z.string(),
});
export type DownloadStartResponse = z.infer<typeof downloadStartResponseSchema>;

export const taskStatusSchema = z.enum(['pending', 'downloading', 'processing', 'completed', 'error']);
export type TaskStatus = z.infer<typeof taskStatusSchema>;

/** GET /api/download/task/{taskId} and the TaskCompleted event's task. */
export const downloadTaskSchema = z.object({
  taskId: z.string(),
  platform: z.string(),
  url: z.string(),
  format: downloadFormatSchema,
  status: taskStatusSchema,
  /** 0-100. */
  progress: z.number(),
  /** What the job is doing: queued, downloading, processing, completed, error. */
  stage: z.string(),
  title: z.string().optional(),
  fileName: z.string().optional(),
  fileSize: z.number().optional(),
  thumbnailUrl: z.string().optional(),
  /** A path beginning /api/. */
  downloadUrl: z.string().optional(),
  error: z.string().optional(),
  errorCode: z.string().optional(),
  notice: resultNoticeSchema,
  /** Kept in cloud storage (download-and-upload): its key and link, once stored. */
  cloudFileKey: z.string().optional(),
  cloudUrl: z.string().optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type DownloadTask = z.infer<typeof downloadTaskSchema>;

export interface TaskProgressUpdate {
  status: TaskStatus;
  progress: number;
  stage: string;
  /** Bytes per second, when known. */
  speed: number | null;
  /** Seconds left, when known. */
  eta: number | null;
}

export const mediaItemSchema = z.object({
  id: z.string(),
  /** The post's link; download one item with POST /api/download/{platform} {url, itemIndex}. */
  url: z.string(),
  itemIndex: z.number(),
  title: z.string(),
  thumbnailUrl: z.string().nullable(),
  mediaType: z.enum(['image', 'video', 'unknown']),
  resolution: z.string().nullable(),
  fileSize: z.number().nullable(),
  suggestedFormat: downloadFormatSchema,
  displayName: z.string(),
  platform: z.string(),
});
export type MediaItem = z.infer<typeof mediaItemSchema>;

/** POST /api/download/{platform}/media with getMediaItems. */
export const mediaItemsResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  title: z.string(),
  mediaItems: z.array(mediaItemSchema),
});
export type MediaItemsResponse = z.infer<typeof mediaItemsResponseSchema>;

/** A file of a post or playlist downloaded as a whole. */
export const downloadedFileSchema = z.object({
  id: z.string(),
  downloadUrl: z.string(),
  format: z.string(),
  displayName: z.string(),
  fileName: z.string(),
  fileSize: z.number(),
  thumbnailUrl: z.string().nullable(),
  mediaType: z.enum(['image', 'video', 'audio', 'unknown']),
  resolution: z.string().nullable(),
});
export type DownloadedFile = z.infer<typeof downloadedFileSchema>;

/** POST /api/download/{platform}/media without getMediaItems: every file of the post. */
export const postDownloadResponseSchema = z.object({
  success: z.boolean(),
  message: z.string(),
  title: z.string(),
  downloadedFiles: z.array(downloadedFileSchema),
  photoCount: z.number(),
  videoCount: z.number(),
});
export type PostDownloadResponse = z.infer<typeof postDownloadResponseSchema>;

export const playlistItemSchema = z.object({
  url: z.string(),
  title: z.string(),
  thumbnailUrl: z.string().nullable(),
  /** Seconds, when the site lists it. */
  duration: z.number().nullable(),
});
export type PlaylistItem = z.infer<typeof playlistItemSchema>;

/** POST /api/download/youtube/playlist (any page with playlists). */
export const playlistResponseSchema = z.object({
  success: z.boolean(),
  /** True when the page should download every item at once (under 25, within the caps). */
  isAutoDownloaded: z.boolean(),
  /** Why auto-download was refused, when it was (too many items, too long, too large). */
  autoDownloadBlockedReason: z.string().nullable(),
  downloadedFiles: z.array(downloadedFileSchema),
  playlistItems: z.array(playlistItemSchema),
  title: z.string(),
  totalItems: z.number(),
  error: z.string().nullable(),
});
export type PlaylistResponse = z.infer<typeof playlistResponseSchema>;

/** POST /api/download/playlist. */
export const batchStartResponseSchema = z.object({
  success: z.literal(true),
  batchId: z.string(),
  message: z.string(),
});
export type BatchStartResponse = z.infer<typeof batchStartResponseSchema>;

export const batchStatusNameSchema = z.enum(['pending', 'downloading', 'completed', 'error']);
export type BatchStatusName = z.infer<typeof batchStatusNameSchema>;

/** GET /api/download/playlist/{batchId}/status. */
export const batchStatusSchema = z.object({
  success: z.literal(true),
  batchId: z.string(),
  title: z.string(),
  status: batchStatusNameSchema,
  /** 0-100 over all items. */
  progress: z.number(),
  totalItems: z.number(),
  completedItems: z.number(),
  failedItems: z.number(),
  items: z.array(
    z.object({
      url: z.string(),
      title: z.string().nullable(),
      taskId: z.string(),
      status: taskStatusSchema,
      progress: z.number(),
      error: z.string().optional(),
    }),
  ),
  /** POST here for the zip, once status is completed. */
  downloadUrl: z.string(),
  message: z.string(),
});
export type BatchStatus = z.infer<typeof batchStatusSchema>;

/** POST /api/validate/url. */
export const validateUrlResponseSchema = z.object({
  valid: z.boolean(),
  platform: z.string().nullable(),
  route: z.string().nullable(),
  isPlaylist: z.boolean(),
  isMultiMedia: z.boolean(),
  message: z.string(),
});
export type ValidateUrlResponse = z.infer<typeof validateUrlResponseSchema>;
