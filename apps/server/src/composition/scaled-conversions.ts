// The converter's parts in scaled mode: conversion state in Redis, signals on a Redis channel,
// uploads waiting under the bucket's `uploads/` prefix (or the shared DATA_DIR), results in the
// bucket (or DATA_DIR/results). Every process sweeps inputs a dead process left behind.
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config/env';
import {
  BucketConversionInputs,
  SharedDiskConversionInputs,
  uploadKeepMs,
} from '../convert/conversion-inputs';
import { conversionParts, type ConversionParts } from '../convert/conversion-parts';
import { endConversion } from '../convert/convert-job';
import { uploadsRoot } from '../convert/workspace';
import { removeOrphanJobFolders } from '../storage/sweeper';
import type { ConvertJobData } from '../jobs/job-types';
import { BucketResultStore } from '../storage/s3-results';
import type { FailedJob } from '../jobs/bullmq-queues';
import { RedisConversionSignals } from '../convert/redis-conversion-signals';
import { RedisConversionStateStore } from '../convert/redis-conversion-state';
import type { ScaledInfrastructure } from './scaled-infrastructure';

export function scaledConversionParts(
  scaled: ScaledInfrastructure,
  config: Config,
  log: FastifyBaseLogger,
): ConversionParts {
  const ttlMs = config.RESULT_TTL_HOURS * 3_600_000;
  const signals = new RedisConversionSignals(
    scaled.commands,
    scaled.connection('waiting', 'conversion-signals'),
    `${scaled.prefix}:conversions`,
  );
  const inputs = scaled.uploads
    ? new BucketConversionInputs(scaled.uploads, config.DATA_DIR)
    : new SharedDiskConversionInputs(config.DATA_DIR, uploadKeepMs(config));
  // Inputs, and the workspaces of this disk's workers that died mid-job.
  const sweep = () =>
    Promise.all([
      inputs.sweep(),
      removeOrphanJobFolders(uploadsRoot(config.DATA_DIR), uploadKeepMs(config)),
    ]).catch((error: unknown) => log.error({ err: error }, 'upload sweep failed'));
  const timer = setInterval(sweep, config.RESULT_SWEEP_SECONDS * 1000);
  timer.unref();
  void sweep();
  return conversionParts({
    config,
    bus: scaled.bus,
    log,
    state: new RedisConversionStateStore(scaled.commands, ttlMs, `${scaled.prefix}:conversion:`),
    signals,
    inputs,
    ...(scaled.results ? { results: new BucketResultStore(scaled.results, config.S3_REDIRECTS) } : {}),
    close: async () => {
      clearInterval(timer);
      await signals.close();
    },
  });
}

/**
 * A convert job that failed for good outside its handler (its workers died, its time ran out):
 * the visitor gets a clear error and the upload is removed.
 */
export async function convertJobFailed(parts: ConversionParts, failed: FailedJob): Promise<void> {
  const data = failed.data as ConvertJobData;
  await endConversion(parts, data.conversionId, {
    status: 'failed',
    code: 'CONVERSION_FAILED',
    message: 'The conversion stopped before it finished. Please try again.',
  });
  await parts.inputs.remove(data.input);
}
