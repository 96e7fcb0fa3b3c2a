// Cloud-storage API shapes (spec sections 3 and 7): keep a download, or one of our own results, in
// cloud storage under an unguessable file key, with a public or an expiring signed link.
import { z } from 'zod';
import { downloadFormatSchema, qualitySchema } from './download';

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
});
export type CloudDownloadRequest = z.infer<typeof cloudDownloadRequestSchema>;

/** POST /api/cloudstorage/upload: `filePath` is a downloadUrl or file id this server gave out. */
export const cloudUploadRequestSchema = z.looseObject({
  filePath: z.string().min(1, 'filePath is required').max(2048),
  ...cloudOptions,
});
export type CloudUploadRequest = z.infer<typeof cloudUploadRequestSchema>;

/** A stored object's link: public until retention ends, or signed until `linkExpiresAt`. */
export interface CloudFileLink {
  fileKey: string;
  /** Absolute http(s) link to the file. */
  downloadUrl: string;
  isPublic: boolean;
  fileName: string;
  size: number;
  /** When the object is deleted (ISO time). */
  expiresAt: string;
  /** When this link stops working (ISO time). */
  linkExpiresAt: string;
}

export interface CloudStoreResponse extends CloudFileLink {
  success: true;
  message: string;
  /** Retention applied, after clamping to the operator's maximum. */
  retentionHours: number;
  /** The download task, for download-and-upload. */
  taskId?: string;
}

/** GET /api/cloudstorage/status[?fileKey=...]: settings, usage, and a fresh link for a key. */
export interface CloudStatusResponse {
  success: true;
  enabled: boolean;
  provider: 'local' | 's3';
  limits: {
    maxFileBytes: number;
    maxRetentionHours: number;
    defaultRetentionHours: number;
    linkTtlSeconds: number;
  };
  usage: { objects: number; bytes: number; maxBytes: number };
  file?: CloudFileLink;
}

export interface CloudDeleteResponse {
  success: true;
  message: string;
  fileKey: string;
}
