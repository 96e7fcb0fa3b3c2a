// The stores a process works with, in the mode the configuration names. Embedded mode keeps them
// in this process (memory and the local DATA_DIR); scaled mode (REDIS_URL) keeps job records and
// events in Redis and results and waiting uploads in the bucket (or on the shared DATA_DIR).
// Everything above sees only the interfaces.
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config/env';
import { BucketConversionInputs } from '../convert/bucket-conversion-inputs';
import { uploadKeepMs, type ConversionInputs } from '../convert/conversion-inputs';
import { DiskConversionInputs, SharedDiskConversionInputs } from '../convert/disk-conversion-inputs';
import { uploadsRoot } from '../convert/workspace';
import type { JobRecordStore } from '../jobs/job-record';
import { MemoryJobRecordStore } from '../jobs/memory-job-records';
import { RedisJobRecordStore } from '../jobs/redis-job-records';
import { InProcessEventBus, type EventBus } from '../realtime/event-bus';
import { DiskResultStore } from '../storage/disk-result-store';
import type { ResultStore } from '../storage/result-store';
import { BucketResultStore } from '../storage/bucket-result-store';
import { removeOrphanJobFolders } from '../storage/sweeper';
import { MemoryWebhookStore } from '../webhooks/memory-webhook-store';
import { RedisWebhookStore } from '../webhooks/redis-webhook-store';
import type { WebhookStore } from '../webhooks/webhook-store';
import { connectScaled, type ScaledInfrastructure } from './scaled-infrastructure';

export interface Stores {
  bus: EventBus;
  /** Every job's record: downloads, batches, reads, conversions, cloud copies. */
  recordStore: JobRecordStore;
  /** Downloads' and conversions' results, expired together after RESULT_TTL_HOURS. */
  results: ResultStore;
  conversions: { inputs: ConversionInputs };
  /** API keys' webhook endpoints and their delivery logs. */
  webhooks: WebhookStore;
  /** Scaled mode's connections (Redis, the bucket), for the parts that need them directly. */
  scaled?: ScaledInfrastructure;
  close(): Promise<void>;
}

export async function openStores(config: Config, log: FastifyBaseLogger): Promise<Stores> {
  const keepMs = config.RESULT_TTL_HOURS * 3_600_000;
  const slotMs = jobSlotMs(config);
  const resultsDir = path.resolve(config.DATA_DIR, 'results');
  if (!config.REDIS_URL) {
    return {
      bus: new InProcessEventBus(),
      recordStore: new MemoryJobRecordStore(keepMs, slotMs),
      results: new DiskResultStore(resultsDir, keepMs),
      conversions: { inputs: new DiskConversionInputs(config.DATA_DIR) },
      webhooks: new MemoryWebhookStore(),
      close: async () => undefined,
    };
  }
  const scaled = await connectScaled(config, log);
  const { commands, prefix } = scaled;
  const inputs = scaled.uploads
    ? new BucketConversionInputs(scaled.uploads, config.DATA_DIR)
    : new SharedDiskConversionInputs(config.DATA_DIR, uploadKeepMs(config));
  const stopUploadSweep = sweepUploads(config, inputs, log);
  return {
    bus: scaled.bus,
    recordStore: new RedisJobRecordStore(commands, `${prefix}:`, keepMs, slotMs),
    results: scaled.results
      ? new BucketResultStore(scaled.results, config.S3_REDIRECTS)
      : new DiskResultStore(resultsDir, keepMs),
    conversions: { inputs },
    webhooks: new RedisWebhookStore(commands, `${prefix}:`),
    scaled,
    async close() {
      stopUploadSweep();
      await scaled.close();
    },
  };
}

/**
 * A running-job slot whose job never reported its end (its process died) stops counting this long
 * after the job was made: longer than any download or conversion may run.
 */
function jobSlotMs(config: Config): number {
  return (Math.max(config.DOWNLOAD_TIMEOUT_SECONDS, config.CONVERT_TIMEOUT_SECONDS) + 600) * 1000;
}

/** Every process sweeps uploads a dead process left behind, and dead workers' workspaces. */
function sweepUploads(config: Config, inputs: ConversionInputs, log: FastifyBaseLogger): () => void {
  const sweep = () =>
    Promise.all([
      inputs.sweep(),
      removeOrphanJobFolders(uploadsRoot(config.DATA_DIR), uploadKeepMs(config)),
    ]).catch((error: unknown) => log.error({ err: error }, 'upload sweep failed'));
  const timer = setInterval(sweep, config.RESULT_SWEEP_SECONDS * 1000);
  timer.unref();
  void sweep();
  return () => clearInterval(timer);
}
