// Downloader API shapes (spec sections 3, 4, 7): requests, answers and real-time hub events. Field
// names follow the spec so the pages and the server read one contract.
import { downloadFormats } from '@grabbit/catalog';
import { z } from 'zod';
import { clipOptionsShape } from './download-options';

/** The catalog holds the one list of download formats; the API accepts exactly those. */
export const downloadFormatSchema = z.enum(downloadFormats);
export type DownloadFormatName = z.infer<typeof downloadFormatSchema>;

/** An audio bit rate such as `192k` (audio formats only). */
export type AudioBitrate = `${number}k`;

/** `best`, a height such as `1080`, `1080p` (at most 2160), or an audio bit rate `32k`-`320k`. */
export const qualitySchema = z
  .union([z.string(), z.number()])
  .default('best')
  .transform((value, ctx): Quality => {
    const text = String(value).trim().toLowerCase();
    if (text === '' || text === 'best') return 'best' as const;
    const kbps = Number(/^(\d{2,3})k$/.exec(text)?.[1]);
    if (kbps >= 32 && kbps <= 320) return `${kbps}k`;
    const height = Number(/^(\d{2,4})p?$/.exec(text)?.[1]);
    if (!Number.isInteger(height) || height < 144 || height > 2160) {
      ctx.addIssue({
        code: 'custom',
        message: 'quality must be "best", a height from 144 to 2160 or an audio bit rate from 32k to 320k',
      });
      return z.NEVER;
    }
    return height;
  });
export type Quality = 'best' | number | AudioBitrate;

/** POST /api/download/{platform}. Unknown extra options are passed through and ignored. */
export const downloadRequestSchema = z.looseObject({
  url: z.string().min(1, 'Please enter a valid URL to download'),
  format: downloadFormatSchema.default('mp4'),
  quality: qualitySchema,
  removeWatermark: z.boolean().default(false),
  directDownload: z.boolean().default(false),
  /** One item (1-based) of a multi-media post, as listed by the media call. */
  itemIndex: z.number().int().positive().optional(),
  ...clipOptionsShape,
});
export type DownloadRequest = z.infer<typeof downloadRequestSchema>;

export interface DownloadStartResponse {
  success: true;
  message: string;
  taskId: string;
}

export const taskStatusSchema = z.enum(['pending', 'downloading', 'processing', 'completed', 'error']);
export type TaskStatus = z.infer<typeof taskStatusSchema>;

/** GET /api/download/task/{taskId} and the TaskCompleted event's task. */
export interface DownloadTask {
  taskId: string;
  platform: string;
  url: string;
  format: DownloadFormatName;
  status: TaskStatus;
  /** 0-100. */
  progress: number;
  /** What the job is doing: queued, downloading, processing, completed, error. */
  stage: string;
  title?: string;
  fileName?: string;
  fileSize?: number;
  thumbnailUrl?: string;
  /** A path beginning /api/. */
  downloadUrl?: string;
  error?: string;
  errorCode?: string;
  /** Kept in cloud storage (download-and-upload): its key and link, once stored. */
  cloudFileKey?: string;
  cloudUrl?: string;
  createdAt: string;
  updatedAt: string;
}

export interface TaskProgressUpdate {
  status: TaskStatus;
  progress: number;
  stage: string;
  /** Bytes per second, when known. */
  speed: number | null;
  /** Seconds left, when known. */
  eta: number | null;
}

export interface TaskErrorEvent {
  message: string;
  code: string;
}

/** POST /api/download/{platform}/media with getMediaItems. */
export const mediaItemsRequestSchema = z.looseObject({
  url: z.string().min(1, 'Please enter a valid URL to download'),
  getMediaItems: z.boolean().default(true),
  instagramCookies: z.string().max(16_384).optional(),
  format: downloadFormatSchema.default('mp4'),
  quality: qualitySchema,
  ...clipOptionsShape,
});
export type MediaItemsRequest = z.infer<typeof mediaItemsRequestSchema>;

export interface MediaItem {
  id: string;
  /** The post's link; download one item with POST /api/download/{platform} {url, itemIndex}. */
  url: string;
  itemIndex: number;
  title: string;
  thumbnailUrl: string | null;
  mediaType: 'image' | 'video' | 'unknown';
  resolution: string | null;
  fileSize: number | null;
  suggestedFormat: DownloadFormatName;
  displayName: string;
  platform: string;
}

export interface MediaItemsResponse {
  success: true;
  message: string;
  title: string;
  mediaItems: MediaItem[];
}

/** A file of a post downloaded as a whole (POST .../media without getMediaItems). */
export interface DownloadedFile {
  id: string;
  downloadUrl: string;
  format: string;
  displayName: string;
  fileName: string;
  fileSize: number;
  thumbnailUrl: string | null;
  mediaType: 'image' | 'video' | 'audio' | 'unknown';
  resolution: string | null;
}

export interface PostDownloadResponse {
  success: boolean;
  message: string;
  title: string;
  downloadedFiles: DownloadedFile[];
  photoCount: number;
  videoCount: number;
}

/** POST /api/download/youtube/playlist. */
export const playlistInfoRequestSchema = z.looseObject({
  url: z.string().min(1, 'Please enter a valid URL to download'),
  format: downloadFormatSchema.default('mp4'),
  quality: qualitySchema,
});

export interface PlaylistItem {
  url: string;
  title: string;
  thumbnailUrl: string | null;
  /** Seconds, when the site lists it. */
  duration: number | null;
}

export interface PlaylistResponse {
  success: boolean;
  /** True when the page should download every item at once (under 25, within the caps). */
  isAutoDownloaded: boolean;
  /** Why auto-download was refused, when it was (too many items, too long, too large). */
  autoDownloadBlockedReason: string | null;
  downloadedFiles: DownloadedFile[];
  playlistItems: PlaylistItem[];
  title: string;
  totalItems: number;
  error: string | null;
}

/** POST /api/download/playlist. Items are links, or playlist items. */
export const batchRequestSchema = z.looseObject({
  items: z
    .array(
      z.union([z.string().min(1), z.looseObject({ url: z.string().min(1), title: z.string().optional() })]),
    )
    .min(1, 'The playlist has no items')
    .max(500, 'A batch holds at most 500 items'),
  outputFormat: downloadFormatSchema.default('mp4'),
  quality: qualitySchema,
  /** The playlist's title: names the zip. */
  title: z.string().max(300).optional(),
  ...clipOptionsShape,
  platform: z.string().default('youtube'),
});
export type BatchRequest = z.infer<typeof batchRequestSchema>;

export interface BatchStartResponse {
  success: true;
  batchId: string;
  message: string;
}

export type BatchStatusName = 'pending' | 'downloading' | 'completed' | 'error';

/** GET /api/download/playlist/{batchId}/status. */
export interface BatchStatus {
  success: true;
  batchId: string;
  title: string;
  status: BatchStatusName;
  /** 0-100 over all items. */
  progress: number;
  totalItems: number;
  completedItems: number;
  failedItems: number;
  items: {
    url: string;
    title: string | null;
    taskId: string;
    status: TaskStatus;
    progress: number;
    error?: string;
  }[];
  /** POST here for the zip, once status is completed. */
  downloadUrl: string;
  message: string;
}

export interface BatchCompletedEvent {
  success: boolean;
  message: string;
}

/** POST /api/validate/url. */
export const validateUrlRequestSchema = z.looseObject({
  url: z.string(),
  /** The page's platform id, when asked from a downloader page. */
  platform: z.string().optional(),
});

export interface ValidateUrlResponse {
  valid: boolean;
  platform: string | null;
  route: string | null;
  isPlaylist: boolean;
  isMultiMedia: boolean;
  message: string;
}

// The hub's event names and path live in events.ts (zod-free, for the browser).
