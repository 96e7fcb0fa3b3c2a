// Scaled mode's implementations run the same contract suites as the embedded ones, against a real
// redis-server and a real S3-compatible server (s3rver).
import type { Redis } from 'ioredis';
import { afterAll, beforeAll } from 'vitest';
import { runJobRecordStoreContract } from '../src/jobs/job-records.contract';
import { runAccessLedgerContract } from '../src/ytdlp/access-ledger.contract';
import { RedisAccessLedger } from '../src/ytdlp/redis-access-ledger';
import { runJobRunnerContract } from '../src/jobs/runner.contract';
import { RedisJobRecordStore } from '../src/jobs/redis-job-records';
import { BullMQJobRunner } from '../src/jobs/bullmq-job-runner';
import { connectRedis, redisReady } from '../src/redis/redis-connection';
import { runResultStoreContract } from '../src/storage/result-store.contract';
import { S3Bucket } from '../src/storage/s3-bucket';
import { runUploadLedgerContract } from '../src/uploads/upload-ledger.contract';
import { RedisUploadLedger } from '../src/uploads/redis-upload-ledger';
import { BucketResultStore } from '../src/storage/bucket-result-store';
import { RedisWebhookStore } from '../src/webhooks/redis-webhook-store';
import { runWebhookStoreContract } from '../src/webhooks/webhook-store.contract';
import { startRedis, type TestRedis } from './support/redis-server';
import { startS3, type TestS3 } from './support/s3-server';
import { until } from './support/until';

let redis: TestRedis;
let s3: TestS3;
let connection: Redis;
/** A second process's connection, for the suites that share state between two. */
let otherConnection: Redis;
let client: ReturnType<TestS3['client']>;
let prefixes = 0;
const workerConnections: Redis[] = [];

beforeAll(async () => {
  [redis, s3] = await Promise.all([startRedis(), startS3()]);
  connection = connectRedis(redis.url, 'commands');
  otherConnection = connectRedis(redis.url, 'commands');
  await Promise.all([redisReady(connection), redisReady(otherConnection)]);
  client = s3.client();
});

afterAll(async () => {
  connection?.disconnect();
  otherConnection?.disconnect();
  for (const worker of workerConnections) worker.disconnect();
  client?.destroy();
  await Promise.all([redis?.close(), s3?.close()]);
});

// Each store gets its own key prefix or bucket folder, as each suite case expects a fresh store.
runJobRecordStoreContract('Redis job records', ({ slotMs }) => {
  prefixes += 1;
  return new RedisJobRecordStore(connection, `contract:${prefixes}:`, 60_000, slotMs);
});

runWebhookStoreContract('Redis webhook store', () => {
  prefixes += 1;
  return new RedisWebhookStore(connection, `contract:${prefixes}:`);
});

// Two workers: two connections over one key prefix.
runAccessLedgerContract('Redis access ledger', ({ cooldownMs, now }) => {
  prefixes += 1;
  const prefix = `contract:${prefixes}:`;
  return [
    new RedisAccessLedger(connection, prefix, cooldownMs, now),
    new RedisAccessLedger(otherConnection, prefix, cooldownMs, now),
  ];
});

// Two API processes: two connections over one key prefix.
runUploadLedgerContract('Redis upload ledger', ({ now }) => {
  prefixes += 1;
  const prefix = `contract:${prefixes}:`;
  return [
    new RedisUploadLedger(connection, prefix, 24 * 3_600_000, now),
    new RedisUploadLedger(otherConnection, prefix, 24 * 3_600_000, now),
  ];
});

runResultStoreContract('bucket results', async (ttlMs) => {
  prefixes += 1;
  return new BucketResultStore(new S3Bucket(client, s3.bucket, ttlMs, `contract-${prefixes}/`), false);
});

// A queue of its own per runner (the suite expects an empty one each time); shutdown hands running
// jobs back at once, as the embedded runner aborts them at once.
runJobRunnerContract(
  'BullMQ runner',
  (table) => {
    prefixes += 1;
    return new BullMQJobRunner(table, {
      connection,
      prefix: `contract-${prefixes}`,
      workerConnection: () => {
        const worker = connectRedis(redis.url, 'waiting');
        workerConnections.push(worker);
        return worker;
      },
      shutdownGraceMs: 0,
    });
  },
  { until: (check) => until(check, 'runner contract condition'), sharedQueue: true },
);
