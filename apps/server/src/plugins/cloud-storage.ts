// Registers cloud storage: the bucket (a local folder, or the S3 bucket when S3_BUCKET is set), its
// signing secret (shared through Redis in scaled mode), the expiry timer and the routes. With FEATURE_CLOUD_STORAGE off every call answers 404
// FEATURE_DISABLED and nothing is created on disk.
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance, FastifySchema } from 'fastify';
import type { AppContext } from '../composition/app-context';
import type { DownloadService } from '../download/service';
import { AppError } from '../core/app-error';
import { cloudRoutes, cloudStorageRoutes } from '../routes/cloudstorage';
import { CloudService } from '../cloud/cloud-service';
import type { CloudStore } from '../cloud/cloud-store';
import { LocalCloudStore } from '../cloud/local-cloud-store';
import { S3CloudStore } from '../cloud/s3-cloud-store';
import { LinkSigner, loadSigningSecret } from '../cloud/signed-links';
import { QueueUnavailableError } from '../jobs/queue-errors';
import { SharedSecret } from '../redis/shared-secret';
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
  const { signer, ready } = await linkSigner(app, context, root);
  const cloud = new CloudService(config, store, signer, downloads.results, now);
  // Before the HTTP server waits for open requests: pending download-and-upload calls answer now.
  app.addHook('preClose', async () => cloud.close());
  await app.register(async (scope) => {
    if (ready) scope.addHook('onRequest', ready);
    await scope.register(cloudStorageRoutes(cloud, downloads));
  });
  const timer = setInterval(() => {
    store.sweep().catch((error: unknown) => app.log.error({ err: error }, 'cloud storage sweep failed'));
  }, config.RESULT_SWEEP_SECONDS * 1000);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}

/** The bucket when S3_BUCKET is set (objects under cloud/), else the local folder. */
async function openCloudStore(
  app: FastifyInstance,
  { config, scaled }: AppContext,
  root: string,
  now: () => number,
): Promise<CloudStore> {
  const s3 = s3SettingsFrom(config);
  // Scaled mode without a bucket: every API node shares the folder (DATA_DIR on a shared disk).
  if (!s3) return LocalCloudStore.open(root, now, { shared: Boolean(scaled) });
  const client = createS3Client(s3);
  app.addHook('onClose', async () => client.destroy());
  const store = new S3CloudStore(client, s3.bucket, now);
  // What expired while every node was down goes at start-up, as the local folder does.
  await store.sweep().catch((error: unknown) => app.log.warn({ err: error }, 'cloud storage sweep failed'));
  return store;
}

/**
 * The key of private links: CLOUD_SIGNING_SECRET, else in embedded mode one kept in the bucket
 * folder, else (scaled mode) one kept in Redis that every API node shares. Until the shared one is
 * loaded (Redis away since start-up) the cloud calls wait for it through `ready`, or answer 503.
 */
async function linkSigner(
  app: FastifyInstance,
  { config, scaled }: AppContext,
  root: string,
): Promise<{ signer: LinkSigner; ready?: () => Promise<void> }> {
  if (config.CLOUD_SIGNING_SECRET || !scaled) {
    await mkdir(root, { recursive: true });
    return { signer: new LinkSigner(await loadSigningSecret(config.CLOUD_SIGNING_SECRET, root)) };
  }
  const shared = new SharedSecret(scaled.commands, `${scaled.prefix}:secret:cloud-signing`);
  await shared.load().catch(() => app.log.warn('Cloud link secret not loaded yet: Redis is unreachable'));
  return {
    signer: new LinkSigner(() => {
      if (!shared.current) throw new QueueUnavailableError();
      return shared.current;
    }),
    ready: async () => void (await shared.ready()),
  };
}
