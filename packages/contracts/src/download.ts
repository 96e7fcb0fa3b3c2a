// Downloader API shapes: requests, answers and real-time hub events. Field
// names are the public API's, so the pages and the server read one contract.
import { downloadFormats, maxTargetSizeMB } from '@grabbit/catalog';
import { z } from 'zod';
import { clipOptionsShape, fileOptionsShape } from './download-options';
import { callbackUrlField } from './webhooks';

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
  /**
   * The visitor's own session (pages whose site offers it: Instagram), for the items of the post
   * it listed; used for this one job, never stored in a queue, a log or a result.
   */
  instagramCookies: z.string().max(16_384).optional(),
  /**
   * Fit the file to this many megabytes (1 MB = 1,048,576 bytes): for audio and video formats with
   * a bit rate (not FLAC or WAV), the download is re-encoded in the same job to land between 90%
   * and 100% of it; an impossible target is refused with 400 TARGET_SIZE_TOO_SMALL before any work.
   */
  targetSizeMB: z
    .number({ message: 'targetSizeMB must be a number of megabytes' })
    .positive('targetSizeMB must be more than 0')
    .max(maxTargetSizeMB, `targetSizeMB must be at most ${maxTargetSizeMB}`)
    .optional(),
  ...clipOptionsShape,
  ...fileOptionsShape,
  callbackUrl: callbackUrlField,
});
export type DownloadRequest = z.infer<typeof downloadRequestSchema>;

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

/** POST /api/download/youtube/playlist (any page with playlists). */
export const playlistInfoRequestSchema = z.looseObject({
  url: z.string().min(1, 'Please enter a valid URL to download'),
  format: downloadFormatSchema.default('mp4'),
  quality: qualitySchema,
});

/** POST /api/download/playlist. Items are links, or playlist items. */
export const batchRequestSchema = z.looseObject({
  items: z
    .array(
      z.union([
        z.string().min(1),
        z.looseObject({
          url: z.string().min(1),
          title: z.string().optional(),
          /**
           * One item (1-based) of a multi-media post, as listed by the media call: downloaded as
           * a post's item is (the format for a video, a photo stays a photo).
           */
          itemIndex: z.number().int().positive().optional(),
        }),
      ]),
    )
    .min(1, 'The playlist has no items')
    .max(500, 'A batch holds at most 500 items'),
  outputFormat: downloadFormatSchema.default('mp4'),
  quality: qualitySchema,
  /** The playlist's title: names the zip. */
  title: z.string().max(300).optional(),
  ...clipOptionsShape,
  platform: z.string().default('youtube'),
  /**
   * The visitor's own session (pages whose site offers it: Instagram), for the post items of this
   * batch; used for its jobs only, never stored in a queue, a log or a result.
   */
  instagramCookies: z.string().max(16_384).optional(),
  callbackUrl: callbackUrlField,
});
export type BatchRequest = z.infer<typeof batchRequestSchema>;

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

// The hub's event names and path live in events.ts (zod-free, for the browser).
