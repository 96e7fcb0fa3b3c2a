// Registers the resumable-upload routes (tus) around the uploads the composition root opened.
import type { FastifyInstance } from 'fastify';
import type { ConverterService } from '../convert/converter-service';
import type { ResumableUploads } from '../convert/resumable-uploads';
import { uploadRoutes } from '../routes/uploads';

export async function registerUploads(
  app: FastifyInstance,
  uploads: ResumableUploads,
  converter: ConverterService,
): Promise<void> {
  await app.register(uploadRoutes({ uploads, limit: () => converter.resumableLimit() }));
}
