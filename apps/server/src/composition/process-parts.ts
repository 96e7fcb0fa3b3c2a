// What every process of either mode is made of: the stores, the job records and task store, the job runner built
// from the job table, and the expiry sweeper. The API process adds the HTTP app on top
// (api-app.ts); a worker process is this alone (worker.ts).
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config/env';
import { makeFolderPrivate, privateFolderMode } from '../core/private-files';
import { jobsRootOf } from '../download/download-service';
import { LiveDownloads } from '../download/live-downloads';
import { openAccessPools, RedisAccessLedger } from '../ytdlp';
import { TaskStore } from '../download/task-store';
import { JobRecords } from '../jobs/job-records';
import { BullMQJobRunner } from '../jobs/bullmq-job-runner';
import { InProcessJobRunner, type JobRunner } from '../jobs/runner';
import { startSweeper } from '../storage/sweeper';
import { WebhookEvents } from '../webhooks/job-events';
import { openCloud, type CloudParts } from './cloud';
import { productJobTable } from './job-table';
import type { ScaledHealth } from './scaled-infrastructure';
import { openStores, type Stores } from './stores';

export interface ProcessParts {
  stores: Stores;
  /** Every job's record, with its change event on the bus. */
  records: JobRecords;
  tasks: TaskStore;
  runner: JobRunner;
  /** Deliveries queued for a job's webhook events (and redeliveries). */
  webhooks: WebhookEvents;
  /** Direct downloads waiting in this process, for this process's download jobs. */
  live: LiveDownloads;
  /** Cloud storage (undefined while the feature is off): its calls, and the copies' jobs. */
  cloud?: CloudParts;
  /** Scaled mode's part of /health (Redis, the bucket, the queues); undefined when embedded. */
  scaledHealth(): Promise<ScaledHealth | undefined>;
  close(): Promise<void>;
}

export async function buildProcessParts(
  config: Config,
  log: FastifyBaseLogger,
  options: {
    runsJobs: boolean;
    /** The clock cloud-storage retention reads (tests move it forward). */
    now?: () => number;
  },
): Promise<ProcessParts> {
  const stores = await openStores(config, log);
  const records = new JobRecords(stores.recordStore, stores.bus);
  const tasks = new TaskStore(records, stores.bus);
  const live = new LiveDownloads();
  const { scaled } = stores;
  const cloud = await openCloud(log, config, stores.results, scaled, options.now ?? Date.now);
  const table = productJobTable(config, stores, { records, tasks, cloud }, log, live);
  // In scaled mode every worker honours a quarantine or a spent budget another one recorded.
  openAccessPools(config, {
    log,
    ...(scaled
      ? {
          ledger: new RedisAccessLedger(
            scaled.commands,
            `${scaled.prefix}:`,
            config.ACCESS_COOLDOWN_SECONDS * 1000,
          ),
        }
      : {}),
  });
  const lockDurationMs = config.WORKER_LOCK_SECONDS * 1000;
  const bullmq = scaled
    ? new BullMQJobRunner(table, {
        connection: scaled.commands,
        prefix: scaled.prefix,
        retryAfterSeconds: 30,
        lockDurationMs,
        stalledIntervalMs: Math.max(500, lockDurationMs / 3),
        ...(options.runsJobs ? { workerConnection: () => scaled.workerConnection() } : {}),
        shutdownGraceMs: config.SHUTDOWN_GRACE_SECONDS * 1000,
        onStart: (name, jobId, attempt) => log.info({ job: name, jobId, attempt }, 'job started'),
        onError: (error) => log.error({ err: error }, 'job queue error'),
      })
    : undefined;
  const runner: JobRunner =
    bullmq ??
    new InProcessJobRunner(table, (error, job) => log.error({ err: error, job: job.name }, 'job crashed'));
  // Every process that ends jobs sends their webhooks, through the runner's own `webhook` queue.
  const webhooks = new WebhookEvents({
    store: stores.webhooks,
    queue: runner,
    logLength: config.WEBHOOK_DELIVERY_LOG,
    onError: (error) => log.error({ err: error }, 'webhook event not queued'),
  });
  records.onEnd((record) => webhooks.jobEnded(record));
  if (options.runsJobs) await runner.start();
  await mkdir(path.resolve(config.DATA_DIR, 'results'), { recursive: true, mode: privateFolderMode });
  await makeFolderPrivate(config.DATA_DIR);
  const stopSweeper = await startSweeper({
    store: stores.results,
    jobsRoot: jobsRootOf(config),
    // Other processes may share the data folder: only folders older than any job can live go.
    ...(scaled ? { orphanAgeMs: (config.DOWNLOAD_TIMEOUT_SECONDS + 600) * 1000 } : {}),
    intervalMs: config.RESULT_SWEEP_SECONDS * 1000,
    onError: (error) => log.error({ err: error }, 'expiry sweep failed'),
  });
  return {
    stores,
    records,
    tasks,
    runner,
    webhooks,
    live,
    ...(cloud ? { cloud } : {}),
    scaledHealth: async () => (scaled && bullmq ? scaled.health(() => bullmq.depth()) : undefined),
    async close() {
      stopSweeper();
      await runner.close();
      await cloud?.close();
      await stores.close();
    },
  };
}
