// Cloud storage's parts for any process (the API answers its calls, whatever runs jobs makes the
// copies): the bucket (a local folder, or the S3 bucket when S3_BUCKET is set), the key of private
// links (shared through Redis in scaled mode) and the expiry timer. Undefined when
// FEATURE_CLOUD_STORAGE is off.
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { CloudService } from '../cloud/cloud-service';
import { MemoryClientQuota } from '../cloud/memory-client-quota';
import { RedisClientQuota } from '../cloud/redis-client-quota';
import type { CloudStore } from '../cloud/cloud-store';
import { DiskCloudStore } from '../cloud/disk-cloud-store';
import { BucketCloudStore } from '../cloud/bucket-cloud-store';
import { LinkSigner, loadSigningSecret } from '../cloud/signed-links';
import type { Config } from '../config/env';
import { QueueUnavailableError, type RedisNamespace } from '../redis/redis-connection';
import { SharedSecret } from '../redis/shared-secret';
import type { ResultStore } from '../storage/result-store';
import { createS3Client, s3SettingsFrom } from '../storage/s3-client';

export interface CloudParts {
  cloud: CloudService;
  ready?: () => Promise<void>;
  close(): Promise<void>;
}

export async function openCloud(
  log: FastifyBaseLogger,
  config: Config,
  results: ResultStore,
  shared: RedisNamespace | undefined,
  now: () => number,
): Promise<CloudParts | undefined> {
  if (!config.FEATURE_CLOUD_STORAGE) return undefined;
  const closers: (() => void)[] = [];
  const root = path.resolve(config.CLOUD_STORAGE_DIR ?? path.join(config.DATA_DIR, 'cloud'));
  const store = await openCloudStore(log, closers, config, root, Boolean(shared), now);
  const { signer, ready } = await linkSigner(log, config, root, shared);
  const timer = setInterval(() => {
    store.sweep().catch((error: unknown) => log.error({ err: error }, 'cloud storage sweep failed'));
  }, config.RESULT_SWEEP_SECONDS * 1000);
  timer.unref();
  closers.push(() => clearInterval(timer));
  const limits = { files: config.CLOUD_MAX_FILES_PER_CLIENT, bytes: config.CLOUD_MAX_BYTES_PER_CLIENT };
  // Scaled mode: every API node counts one client's quota together.
  const quota = shared
    ? new RedisClientQuota(shared.commands, `${shared.prefix}:cloud-quota:`, limits)
    : new MemoryClientQuota(limits, now);
  const cloud = new CloudService(config, store, signer, results, quota, now);
  return {
    cloud,
    ...(ready ? { ready } : {}),
    async close() {
      cloud.close();
      for (const close of closers) close();
    },
  };
}

/** The bucket when S3_BUCKET is set (objects under cloud/), else the local folder. */
async function openCloudStore(
  log: FastifyBaseLogger,
  closers: (() => void)[],
  config: Config,
  root: string,
  sharedDisk: boolean,
  now: () => number,
): Promise<CloudStore> {
  const s3 = s3SettingsFrom(config);
  // Scaled mode without a bucket: every API node shares the folder (DATA_DIR on a shared disk).
  if (!s3) return DiskCloudStore.open(root, now, { shared: sharedDisk });
  const client = createS3Client(s3);
  closers.push(() => client.destroy());
  const store = new BucketCloudStore(client, s3.bucket, now);
  // What expired while every node was down goes at start-up, as the local folder does.
  await store.sweep().catch((error: unknown) => log.warn({ err: error }, 'cloud storage sweep failed'));
  return store;
}

/**
 * The key of private links: CLOUD_SIGNING_SECRET, else in embedded mode one kept in the bucket
 * folder, else (scaled mode) one kept in Redis that every API node shares. Until the shared one is
 * loaded (Redis away since start-up) the cloud calls wait for it through `ready`, or answer 503.
 */
async function linkSigner(
  log: FastifyBaseLogger,
  config: Config,
  root: string,
  shared: RedisNamespace | undefined,
): Promise<{ signer: LinkSigner; ready?: () => Promise<void> }> {
  if (config.CLOUD_SIGNING_SECRET || !shared) {
    await mkdir(root, { recursive: true });
    return { signer: new LinkSigner(await loadSigningSecret(config.CLOUD_SIGNING_SECRET, root)) };
  }
  const secret = new SharedSecret(shared.commands, `${shared.prefix}:secret:cloud-signing`);
  await secret.load().catch(() => log.warn('Cloud link secret not loaded yet: Redis is unreachable'));
  return {
    signer: new LinkSigner(() => {
      if (!secret.current) throw new QueueUnavailableError();
      return secret.current;
    }),
    ready: async () => void (await secret.ready()),
  };
}
