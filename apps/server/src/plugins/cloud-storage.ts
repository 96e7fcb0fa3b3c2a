// Registers cloud storage: the bucket (a local folder, or the S3 bucket when S3_BUCKET is set), its signing secret, the
// expiry timer and the routes. With FEATURE_CLOUD_STORAGE off every call answers 404
// FEATURE_DISABLED and nothing is created on disk.
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance, FastifySchema } from 'fastify';
import type { AppContext } from '../context';
import type { DownloadService } from '../download/service';
import { AppError } from '../http/app-error';
import { cloudRoutes, cloudStorageRoutes } from '../routes/cloudstorage';
import { CloudService } from '../cloud/cloud-service';
import type { CloudStore } from '../cloud/cloud-store';
import { LocalCloudStore } from '../cloud/local-cloud-store';
import { S3CloudStore } from '../cloud/s3-cloud-store';
import { LinkSigner, loadSigningSecret } from '../cloud/signed-links';
import { createS3Client, s3SettingsFrom } from '../storage/s3-client';

export async function registerCloudStorage(
  app: FastifyInstance,
  context: AppContext,
  downloads: DownloadService,
  now: () => number = Date.now,
): Promise<void> {
  const { config } = context;
  if (!config.FEATURE_CLOUD_STORAGE) {
    // The same routes and documents as when on (not a wildcard): the API document lists exactly
    // these, and other /api/cloudstorage paths get the usual 404 NOT_FOUND. The refusal comes
    // before validation, so any input is answered FEATURE_DISABLED.
    const disabled = async () => {
      throw new AppError('FEATURE_DISABLED', 'Cloud storage is not enabled on this server.', 404);
    };
    for (const { method, url, schema } of Object.values(cloudRoutes))
      app.route({ method, url, schema: schema as FastifySchema, preValidation: disabled, handler: disabled });
    return;
  }
  const root = path.resolve(config.CLOUD_STORAGE_DIR ?? path.join(config.DATA_DIR, 'cloud'));
  const store = await openCloudStore(app, context, root, now);
  const signer = new LinkSigner(await loadSigningSecret(config.CLOUD_SIGNING_SECRET, root));
  const cloud = new CloudService(config, store, signer, downloads.results, now);
  await app.register(cloudStorageRoutes(cloud, downloads));
  const timer = setInterval(() => {
    store.sweep().catch((error: unknown) => app.log.error({ err: error }, 'cloud storage sweep failed'));
  }, config.RESULT_SWEEP_SECONDS * 1000);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}

/** The bucket when S3_BUCKET is set (objects under cloud/), else the local folder. */
async function openCloudStore(
  app: FastifyInstance,
  { config }: AppContext,
  root: string,
  now: () => number,
): Promise<CloudStore> {
  const s3 = s3SettingsFrom(config);
  if (!s3) return LocalCloudStore.open(root, now);
  // The folder still keeps the generated signing secret; several API nodes share CLOUD_SIGNING_SECRET.
  await mkdir(root, { recursive: true });
  const client = createS3Client(s3);
  app.addHook('onClose', async () => client.destroy());
  return new S3CloudStore(client, s3.bucket, now);
}
