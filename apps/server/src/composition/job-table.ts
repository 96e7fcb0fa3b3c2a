// The product's job table: each job name's one handler, its limits, and what a failure outside the
// handler tells (its worker died, its time ran out). Built once per process from the stores; the
// in-process runner and the BullMQ runner both run it, so the two modes share every limit.
import type { FastifyBaseLogger } from 'fastify';
import { cloudCopyJobHandler, failCopy } from '../cloud/cloud-copy-job';
import type { Config } from '../config/env';
import { ConversionStep } from '../convert/conversion-step';
import { convertJobFailed, convertJobHandler } from '../convert/convert-job';
import { downloadJobHandler } from '../download/download-job';
import { downloadFailures } from '../download/failures';
import type { LiveDownloads } from '../download/live-downloads';
import { jobsRootOf } from '../download/download-service';
import type { TaskStore } from '../download/task-store';
import { stoppedOnCancel } from '../jobs/job-cancel';
import type { JobRecords } from '../jobs/job-records';
import type { ProductJobTable } from '../jobs/job-types';
import { deliveryGaveUp, deliveryHandler, deliveryRetryDelay } from '../webhooks/delivery';
import type { CloudParts } from './cloud';
import type { Stores } from './stores';

/** A handler that hangs past its own limit is stopped this much later by the runner. */
const runnerSlackSeconds = 120;

export function productJobTable(
  config: Config,
  stores: Stores,
  { records, tasks, cloud }: { records: JobRecords; tasks: TaskStore; cloud?: CloudParts | undefined },
  log: FastifyBaseLogger,
  live: LiveDownloads,
): ProductJobTable {
  const conversions = { ...stores.conversions, records, bus: stores.bus, results: stores.results };
  return {
    download: {
      // A job cancelled by its owner stops wherever it runs (jobs/job-cancel.ts).
      handler: stoppedOnCancel(
        downloadJobHandler({
          config,
          tasks,
          results: stores.results,
          jobsRoot: jobsRootOf(config),
          log,
          live,
        }),
        records,
        stores.bus,
      ),
      concurrency: config.DOWNLOAD_CONCURRENCY,
      queueLimit: config.QUEUE_LIMIT,
      timeoutMs: (config.DOWNLOAD_TIMEOUT_SECONDS + runnerSlackSeconds) * 1000,
      attempts: 1,
      onFailure: async ({ data, error }) => {
        log.warn({ err: error, taskId: data.taskId }, 'download job failed outside its handler');
        const { code, message } = downloadFailures.workerLost();
        await tasks.fail(data.taskId, { code, message });
      },
    },
    convert: {
      handler: stoppedOnCancel(
        convertJobHandler({ ...conversions, service: new ConversionStep(config), log }),
        records,
        stores.bus,
      ),
      concurrency: config.CONVERT_CONCURRENCY,
      queueLimit: config.CONVERT_QUEUE_LIMIT,
      busyMessage: 'The converter is busy right now. Please try again in a minute.',
      timeoutMs: (config.CONVERT_TIMEOUT_SECONDS + runnerSlackSeconds) * 1000,
      attempts: 1,
      onFailure: async ({ data, error }) => {
        log.warn(
          { err: error, conversionId: data.conversionId },
          'conversion job failed outside its handler',
        );
        await convertJobFailed(conversions, data);
      },
    },
    // Webhook deliveries: their own queue, so a slow receiver holds no download or conversion.
    webhook: {
      handler: deliveryHandler({
        store: stores.webhooks,
        testHosts: config.WEBHOOK_TEST_HOSTS,
        timeoutMs: config.WEBHOOK_TIMEOUT_SECONDS * 1000,
        perEndpoint: config.WEBHOOK_CONCURRENCY_PER_ENDPOINT,
      }),
      concurrency: config.WEBHOOK_CONCURRENCY,
      timeoutMs: (config.WEBHOOK_TIMEOUT_SECONDS + 30) * 1000,
      attempts: config.WEBHOOK_ATTEMPTS,
      retryDelayMs: deliveryRetryDelay(config.WEBHOOK_RETRY_BASE_SECONDS * 1000),
      onFailure: async ({ data, error }) => {
        log.info({ err: error, deliveryId: data.deliveryId }, 'webhook delivery gave up');
        await deliveryGaveUp(stores.webhooks, data);
      },
    },
    cloud: {
      // Most of a copy's run is the wait for its download; the copy itself is one file's bytes.
      handler: stoppedOnCancel(
        cloudCopyJobHandler({
          records,
          tasks,
          ...(cloud ? { cloud: cloud.cloud } : {}),
          ...(cloud?.ready ? { ready: cloud.ready } : {}),
        }),
        records,
        stores.bus,
      ),
      concurrency: config.DOWNLOAD_CONCURRENCY,
      queueLimit: config.QUEUE_LIMIT,
      // Its download may wait its turn in the queue first.
      timeoutMs: (2 * config.DOWNLOAD_TIMEOUT_SECONDS + runnerSlackSeconds) * 1000,
      attempts: 1,
      onFailure: async ({ data, error }) => {
        log.warn({ err: error, copyId: data.copyId }, 'cloud copy job failed outside its handler');
        await failCopy(records, data.copyId, error);
      },
    },
  };
}
