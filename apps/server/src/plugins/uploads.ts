// Registers the resumable-upload routes (tus) around the uploads the composition root opened, with
// the bounds of the configuration: the converter's largest upload, a client's open uploads, and
// the disk's watermark (checked before every chunk as before every job).
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config/env';
import type { ConverterService } from '../convert/converter-service';
import { ResumableUploadService } from '../uploads/resumable-upload-service';
import type { ResumableUploads } from '../uploads/resumable-uploads';
import { uploadRoutes } from '../routes/uploads';
import { checkDiskSpace } from '../security/disk-guard';

export async function registerUploads(
  app: FastifyInstance,
  uploads: ResumableUploads,
  converter: ConverterService,
  config: Config,
): Promise<void> {
  const service = new ResumableUploadService(uploads, {
    maxOpenPerClient: config.UPLOADS_MAX_OPEN_PER_CLIENT,
    maxOpenBytesPerClient: config.UPLOADS_MAX_OPEN_BYTES_PER_CLIENT,
    limit: () => converter.resumableLimit(),
    checkDisk: () => checkDiskSpace(config.DATA_DIR, config.DISK_MIN_FREE_MB * 1024 * 1024),
  });
  await app.register(uploadRoutes(service));
}
