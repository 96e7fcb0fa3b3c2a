// The resumable uploads (tus) of an API process, in the mode the configuration names: the bucket's
// `uploads/tus/` prefix when there is a bucket (scaled mode), else a folder of DATA_DIR (local, or
// the shared disk of a scaled deployment without a bucket). Uploads past UPLOAD_TTL_HOURS are swept
// as often as results are, by every API process (removing one twice is harmless). The bucket's
// store (@tus/s3-store, and the AWS SDK with it) is loaded only when there is a bucket: a server
// that keeps its uploads on disk never holds it in memory.
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config/env';
import { FileResumableUploads, resumableRoot } from '../uploads/file-resumable-uploads';
import type { ResumableUploads } from '../uploads/resumable-uploads';
import { createS3Client, s3SettingsFrom } from '../storage/s3-client';

export async function openResumableUploads(
  config: Config,
  log: FastifyBaseLogger,
): Promise<{ uploads: ResumableUploads; close(): void }> {
  const ttlMs = config.UPLOAD_TTL_HOURS * 3_600_000;
  const s3 = config.REDIS_URL ? s3SettingsFrom(config) : undefined;
  const client = s3 ? createS3Client(s3) : undefined;
  const uploads =
    client && s3
      ? new (await import('../uploads/s3-resumable-uploads')).S3ResumableUploads(client, s3, ttlMs)
      : new FileResumableUploads(resumableRoot(config.DATA_DIR), ttlMs);
  const sweep = () =>
    uploads.sweep().catch((error: unknown) => log.error({ err: error }, 'resumable upload sweep failed'));
  const timer = setInterval(sweep, config.RESULT_SWEEP_SECONDS * 1000);
  timer.unref();
  void sweep();
  return {
    uploads,
    close() {
      clearInterval(timer);
      client?.destroy();
    },
  };
}
