// Registers cloud storage: the bucket (a local folder in embedded mode), its signing secret, the
// expiry timer and the routes. With FEATURE_CLOUD_STORAGE off every call answers 404
// FEATURE_DISABLED and nothing is created on disk.
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import type { DownloadService } from '../download/service';
import { AppError } from '../http/app-error';
import { cloudEndpoints, cloudStorageRoutes } from '../routes/cloudstorage';
import { CloudService } from '../cloud/cloud-service';
import { LocalCloudStore } from '../cloud/local-cloud-store';
import { LinkSigner, loadSigningSecret } from '../cloud/signed-links';

export async function registerCloudStorage(
  app: FastifyInstance,
  context: AppContext,
  downloads: DownloadService,
  now: () => number = Date.now,
): Promise<void> {
  const { config } = context;
  if (!config.FEATURE_CLOUD_STORAGE) {
    // The same routes as when on (not a wildcard): the API document lists exactly these, and
    // other /api/cloudstorage paths get the usual 404 NOT_FOUND.
    for (const { method, url } of Object.values(cloudEndpoints))
      app.route({
        method,
        url,
        handler: async () => {
          throw new AppError('FEATURE_DISABLED', 'Cloud storage is not enabled on this server.', 404);
        },
      });
    return;
  }
  const root = path.resolve(config.CLOUD_STORAGE_DIR ?? path.join(config.DATA_DIR, 'cloud'));
  const store = await LocalCloudStore.open(root, now);
  const signer = new LinkSigner(await loadSigningSecret(config.CLOUD_SIGNING_SECRET, root));
  const cloud = new CloudService(config, store, signer, downloads.results, now);
  await app.register(cloudStorageRoutes(cloud, downloads));
  const timer = setInterval(() => {
    store.sweep().catch((error: unknown) => app.log.error({ err: error }, 'cloud storage sweep failed'));
  }, config.RESULT_SWEEP_SECONDS * 1000);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}
