// The downloader's parts in scaled mode: task state in Redis, download jobs on BullMQ, results in
// the bucket (or under the shared DATA_DIR without one). A job that fails for good on a worker
// ends its task with a clear error.
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config/env';
import { downloadFailures } from '../download/failures';
import type { SharedDownloadParts } from '../download/service';
import { jobNames, type DownloadJobData } from '../jobs/job-types';
import { BucketResultStore } from '../storage/s3-results';
import type { FailedJob, QueueSettings } from '../jobs/bullmq-queues';
import { BullMQJobRunner } from '../jobs/bullmq-job-runner';
import { RedisBatchStore } from '../download/redis-batch-store';
import { RedisTaskStateStore } from '../download/redis-task-state';
import type { ScaledInfrastructure } from './scaled-infrastructure';

/**
 * One queue per job name, with the same limits per worker as the embedded mode: downloads take the
 * DOWNLOAD_* settings, every other job (conversions) the CONVERT_* ones.
 */
export function scaledQueues(config: Config): Record<string, QueueSettings> {
  const download: QueueSettings = {
    concurrency: config.DOWNLOAD_CONCURRENCY,
    // The download enforces its own limit; this one only stops a handler that hangs past it.
    timeoutMs: (config.DOWNLOAD_TIMEOUT_SECONDS + 120) * 1000,
    queueLimit: config.QUEUE_LIMIT,
    attempts: 1,
  };
  const other: QueueSettings = {
    concurrency: config.CONVERT_CONCURRENCY,
    timeoutMs: (config.CONVERT_TIMEOUT_SECONDS + 120) * 1000,
    queueLimit: config.CONVERT_QUEUE_LIMIT,
    attempts: 1,
  };
  return Object.fromEntries(jobNames.map((name) => [name, name === 'download' ? download : other]));
}

export function scaledDownloadParts(
  scaled: ScaledInfrastructure,
  config: Config,
  log: FastifyBaseLogger,
  options: {
    runsJobs: boolean;
    /** A job of another name (a conversion) that failed for good. */
    onOtherFailed?: (failed: FailedJob) => Promise<void>;
  },
): SharedDownloadParts {
  const keepMs = config.RESULT_TTL_HOURS * 3_600_000;
  return {
    state: new RedisTaskStateStore(scaled.commands, keepMs, `${scaled.prefix}:task:`),
    batches: new RedisBatchStore(scaled.commands, `${scaled.prefix}:`, keepMs),
    ...(scaled.results ? { results: new BucketResultStore(scaled.results, config.S3_REDIRECTS) } : {}),
    runner: (tasks) =>
      new BullMQJobRunner({
        runner: scaled.runner,
        ...(options.runsJobs ? { workerConnection: () => scaled.workerConnection() } : {}),
        onFailed: async (failed) => {
          const { name, data, error } = failed;
          log.warn({ err: error, job: name }, 'job failed on its worker');
          if (name !== 'download') return options.onOtherFailed?.(failed);
          const { code, message } = downloadFailures.workerLost();
          await tasks.fail((data as DownloadJobData).taskId, { code, message });
        },
        onStart: (name, jobId, attempt) => log.info({ job: name, jobId, attempt }, 'job started'),
        shutdownGraceMs: config.SHUTDOWN_GRACE_SECONDS * 1000,
        onError: (error) => log.error({ err: error }, 'job queue error'),
      }),
  };
}
