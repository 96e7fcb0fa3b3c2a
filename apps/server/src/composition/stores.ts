// The stores a process works with, in the mode the configuration names. Embedded mode keeps them
// in this process (memory and the local DATA_DIR); scaled mode (REDIS_URL) keeps state, signals and
// events in Redis and results and waiting uploads in the bucket (or on the shared DATA_DIR).
// Everything above sees only the interfaces.
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config/env';
import { InProcessConversionSignals, type ConversionSignals } from '../convert/conversion-signals';
import {
  BucketConversionInputs,
  LocalConversionInputs,
  SharedDiskConversionInputs,
  uploadKeepMs,
  type ConversionInputs,
} from '../convert/conversion-inputs';
import { MemoryConversionStateStore, type ConversionStateStore } from '../convert/conversion-state';
import { RedisConversionSignals } from '../convert/redis-conversion-signals';
import { RedisConversionStateStore } from '../convert/redis-conversion-state';
import { uploadsRoot } from '../convert/workspace';
import { MemoryBatchStore, type BatchStore } from '../download/batch-store';
import { RedisBatchStore } from '../download/redis-batch-store';
import { RedisTaskStateStore } from '../download/redis-task-state';
import { MemoryTaskStateStore, type TaskStateStore } from '../download/task-state';
import { InProcessEventBus, type EventBus } from '../realtime/event-bus';
import { DiskResultStore, type ResultStore } from '../storage/result-store';
import { BucketResultStore } from '../storage/s3-results';
import { removeOrphanJobFolders } from '../storage/sweeper';
import { connectScaled, type ScaledInfrastructure } from './scaled-infrastructure';

export interface Stores {
  bus: EventBus;
  tasks: TaskStateStore;
  batches: BatchStore;
  /** Downloads' and conversions' results, expired together after RESULT_TTL_HOURS. */
  results: ResultStore;
  conversions: { state: ConversionStateStore; signals: ConversionSignals; inputs: ConversionInputs };
  /** Scaled mode's connections (Redis, the bucket), for the parts that need them directly. */
  scaled?: ScaledInfrastructure;
  close(): Promise<void>;
}

export async function openStores(config: Config, log: FastifyBaseLogger): Promise<Stores> {
  const keepMs = config.RESULT_TTL_HOURS * 3_600_000;
  const resultsDir = path.resolve(config.DATA_DIR, 'results');
  if (!config.REDIS_URL) {
    return {
      bus: new InProcessEventBus(),
      tasks: new MemoryTaskStateStore(keepMs),
      batches: new MemoryBatchStore(keepMs),
      results: new DiskResultStore(resultsDir, keepMs),
      conversions: {
        state: new MemoryConversionStateStore(keepMs),
        signals: new InProcessConversionSignals(),
        inputs: new LocalConversionInputs(config.DATA_DIR),
      },
      close: async () => undefined,
    };
  }
  const scaled = await connectScaled(config, log);
  const { commands, prefix } = scaled;
  const signals = new RedisConversionSignals(
    commands,
    scaled.connection('waiting', 'conversion-signals'),
    `${prefix}:conversions`,
  );
  const inputs = scaled.uploads
    ? new BucketConversionInputs(scaled.uploads, config.DATA_DIR)
    : new SharedDiskConversionInputs(config.DATA_DIR, uploadKeepMs(config));
  const stopUploadSweep = sweepUploads(config, inputs, log);
  return {
    bus: scaled.bus,
    tasks: new RedisTaskStateStore(commands, keepMs, `${prefix}:task:`),
    batches: new RedisBatchStore(commands, `${prefix}:`, keepMs),
    results: scaled.results
      ? new BucketResultStore(scaled.results, config.S3_REDIRECTS)
      : new DiskResultStore(resultsDir, keepMs),
    conversions: {
      state: new RedisConversionStateStore(commands, keepMs, `${prefix}:conversion:`),
      signals,
      inputs,
    },
    scaled,
    async close() {
      stopUploadSweep();
      await signals.close();
      await scaled.close();
    },
  };
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
