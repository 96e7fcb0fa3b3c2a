// Cloud-storage API shapes: keep a download, or one of our own results, in
// cloud storage under an unguessable file key, with a public or an expiring signed link.
import { z } from 'zod';
import { downloadFormatSchema, qualitySchema } from './download';
import { callbackUrlField } from './webhooks';

/** Shared by both store calls: the visitor's name for the file, link kind and retention. */
const cloudOptions = {
  /** Only names the file (sanitised); the key always holds a random part as well. */
  customKey: z.string().max(200, 'customKey: at most 200 characters').optional(),
  makePublic: z.boolean().default(false),
  /** Defaults to 24 hours; clamped to the operator's maximum. */
  retentionHours: z.number().positive('retentionHours must be above 0').optional(),
};

/** POST /api/cloudstorage/download-and-upload. `platform` (optional) names the downloader page. */
export const cloudDownloadRequestSchema = z.looseObject({
  url: z.string().min(1, 'Please enter a valid URL to download'),
  format: downloadFormatSchema.default('mp4'),
  quality: qualitySchema,
  removeWatermark: z.boolean().default(false),
  platform: z.string().max(40).optional(),
  ...cloudOptions,
  callbackUrl: callbackUrlField,
});
export type CloudDownloadRequest = z.infer<typeof cloudDownloadRequestSchema>;

/** POST /api/cloudstorage/upload: `filePath` is a downloadUrl or file id this server gave out. */
export const cloudUploadRequestSchema = z.looseObject({
  filePath: z.string().min(1, 'filePath is required').max(2048),
  ...cloudOptions,
  callbackUrl: callbackUrlField,
});
export type CloudUploadRequest = z.infer<typeof cloudUploadRequestSchema>;

/** A stored object's link: public until retention ends, or signed until `linkExpiresAt`. */
export const cloudFileLinkSchema = z.object({
  /** The owner's handle: fresh links (status) and delete. Answered only to whoever stored the file. */
  fileKey: z.string(),
  /**
   * Link to the file: absolute on the server's public address (PUBLIC_URL or a listed origin),
   * else a path under /api. It names the file by a link id, never by its file key.
   */
  downloadUrl: z.string(),
  isPublic: z.boolean(),
  fileName: z.string(),
  size: z.number(),
  /** When the object is deleted (ISO time). */
  expiresAt: z.string(),
  /** When this link stops working (ISO time). */
  linkExpiresAt: z.string(),
});
export type CloudFileLink = z.infer<typeof cloudFileLinkSchema>;

export const cloudStoreResponseSchema = cloudFileLinkSchema.extend({
  success: z.literal(true),
  message: z.string(),
  /** Retention applied, after clamping to the operator's maximum. */
  retentionHours: z.number(),
  /** The download task, for download-and-upload. */
  taskId: z.string().optional(),
});
export type CloudStoreResponse = z.infer<typeof cloudStoreResponseSchema>;

/** A query value read once: repeated or odd values are ignored, as if absent. */
const queryValue = z.string().optional().catch(undefined);

/** GET /api/cloudstorage/status[?fileKey=...]. */
export const cloudStatusQuerySchema = z.looseObject({ fileKey: queryValue });

/** GET /api/cloudstorage/files/{fileKey}[?expires=&signature=]: a signed link's parts. */
export const cloudFileQuerySchema = z.looseObject({ expires: queryValue, signature: queryValue });

/** GET /api/cloudstorage/status: settings, usage, and a fresh link for a key. */
export const cloudStatusResponseSchema = z.object({
  success: z.literal(true),
  enabled: z.boolean(),
  provider: z.enum(['local', 's3']),
  limits: z.object({
    maxFileBytes: z.number(),
    maxRetentionHours: z.number(),
    defaultRetentionHours: z.number(),
    linkTtlSeconds: z.number(),
  }),
  usage: z.object({ objects: z.number(), bytes: z.number(), maxBytes: z.number() }),
  file: cloudFileLinkSchema.optional(),
});
export type CloudStatusResponse = z.infer<typeof cloudStatusResponseSchema>;

export const cloudDeleteResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  fileKey: z.string(),
});
export type CloudDeleteResponse = z.infer<typeof cloudDeleteResponseSchema>;
