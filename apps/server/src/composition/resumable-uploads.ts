// The resumable uploads (tus) of an API process, in the mode the configuration names: the bucket's
// `uploads/tus/` prefix when there is a bucket (scaled mode), else a folder of DATA_DIR (local, or
// the shared disk of a scaled deployment without a bucket). Uploads past UPLOAD_TTL_HOURS are swept
// as often as results are, by every API process (removing one twice is harmless). Which uploads a
// client holds open and who writes into one are the ledger's: in Redis in scaled mode, so every API
// process counts and claims alike, in memory (rebuilt by the first sweep) otherwise. The bucket's
// store (@tus/s3-store, and the AWS SDK with it) is loaded only when there is a bucket: a server
// that keeps its uploads on disk never holds it in memory.
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config/env';
import type { ConverterService } from '../convert/converter-service';
import { checkDiskSpace } from '../security/disk-guard';
import { ResumableUploadService } from '../uploads/resumable-upload-service';
import { DiskResumableUploads, resumableRoot } from '../uploads/disk-resumable-uploads';
import type { ResumableUploads } from '../uploads/resumable-uploads';
import { createS3Client, s3SettingsFrom } from '../storage/s3-client';
import { MemoryUploadLedger } from '../uploads/memory-upload-ledger';
import { RedisUploadLedger } from '../uploads/redis-upload-ledger';
import type { ScaledInfrastructure } from './scaled-infrastructure';

export async function openResumableUploads(
  config: Config,
  log: FastifyBaseLogger,
  scaled?: ScaledInfrastructure,
): Promise<{ uploads: ResumableUploads; close(): void }> {
  const ttlMs = config.UPLOAD_TTL_HOURS * 3_600_000;
  const finishedTtlMs = config.UPLOAD_FINISHED_TTL_SECONDS * 1000;
  // Every API process counts a client's open uploads and claims an upload's writer in one place.
  const ledger = scaled
    ? new RedisUploadLedger(scaled.commands, `${scaled.prefix}:`, ttlMs)
    : new MemoryUploadLedger();
  const s3 = config.REDIS_URL ? s3SettingsFrom(config) : undefined;
  const client = s3 ? createS3Client(s3) : undefined;
  const uploads =
    client && s3
      ? new (await import('../uploads/bucket-resumable-uploads')).BucketResumableUploads(
          client,
          s3,
          ttlMs,
          finishedTtlMs,
          ledger,
        )
      : new DiskResumableUploads(resumableRoot(config.DATA_DIR), ttlMs, finishedTtlMs, ledger);
  const sweep = (restore = false) =>
    uploads
      .sweep(Date.now(), restore)
      .catch((error: unknown) => log.error({ err: error }, 'resumable upload sweep failed'));
  const timer = setInterval(() => void sweep(), config.RESULT_SWEEP_SECONDS * 1000);
  timer.unref();
  // The first sweep counts the uploads kept from before this process started, before it answers.
  await sweep(true);
  return {
    uploads,
    close() {
      clearInterval(timer);
      client?.destroy();
    },
  };
}

/**
 * The resumable-upload service around the uploads, with the bounds of the configuration: the
 * converter's largest upload, a client's open uploads, and the disk's watermark (checked before
 * every chunk as before every job).
 */
export function resumableUploadService(
  uploads: ResumableUploads,
  converter: ConverterService,
  config: Config,
): ResumableUploadService {
  return new ResumableUploadService(uploads, {
    maxOpenPerClient: config.UPLOADS_MAX_OPEN_PER_CLIENT,
    maxOpenBytesPerClient: config.UPLOADS_MAX_OPEN_BYTES_PER_CLIENT,
    limit: () => converter.resumableLimit(),
    checkDisk: () => checkDiskSpace(config.DATA_DIR, config.DISK_MIN_FREE_MB * 1024 * 1024),
  });
}
