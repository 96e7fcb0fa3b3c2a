// Registers cloud storage's routes. With FEATURE_CLOUD_STORAGE off (no service) every call answers
// 404 FEATURE_DISABLED and nothing is created on disk.
import type { FastifyInstance, FastifySchema } from 'fastify';
import type { CloudService } from '../cloud/cloud-service';
import type { CloudCopyQueue } from '../cloud/keep-download';
import { AppError } from '../core/app-error';
import type { DownloadService } from '../download/service';
import { cloudRoutes, cloudStorageRoutes } from '../routes/cloudstorage';

export interface CloudPluginDeps {
  /** Undefined when the feature is off. */
  cloud?: CloudService;
  /** Waits for what the calls need first (scaled mode: the shared link secret from Redis). */
  ready?: () => Promise<void>;
  downloads: DownloadService;
  /** Where cloud copies are queued and followed. */
  copies: CloudCopyQueue;
}

export async function registerCloudStorage(app: FastifyInstance, deps: CloudPluginDeps): Promise<void> {
  const { cloud, ready } = deps;
  if (!cloud) {
    // The same routes and documents as when on (not a wildcard): the API document lists exactly
    // these, and other /api/cloudstorage paths get the usual 404 NOT_FOUND. The refusal comes
    // before validation, so any input is answered FEATURE_DISABLED.
    const disabled = async () => {
      throw new AppError('FEATURE_DISABLED', 'Cloud storage is not enabled on this server.');
    };
    for (const { method, url, schema } of Object.values(cloudRoutes))
      app.route({ method, url, schema: schema as FastifySchema, preValidation: disabled, handler: disabled });
    return;
  }
  // Before the HTTP server waits for open requests: pending download-and-upload calls answer now.
  app.addHook('preClose', async () => cloud.close());
  await app.register(async (scope) => {
    if (ready) scope.addHook('onRequest', ready);
    await scope.register(cloudStorageRoutes(cloud, deps.downloads, deps.copies));
  });
}
