// Scaled mode's implementations run the same contract suites as the embedded ones, against a real
// redis-server and a real S3-compatible server (s3rver).
import type { Redis } from 'ioredis';
import { afterAll, beforeAll } from 'vitest';
import { runStateStoreContract } from '../src/download/task-state.contract';
import { RedisTaskStateStore } from '../src/scaled/redis-task-state';
import { connectRedis, redisReady } from '../src/scaled/redis-connection';
import { runResultStoreContract } from '../src/storage/result-store.contract';
import { S3ResultStore } from '../src/storage/s3-result-store';
import { BucketResultStore } from '../src/storage/s3-results';
import { startRedis, type TestRedis } from './support/redis-server';
import { startS3, type TestS3 } from './support/s3-server';

let redis: TestRedis;
let s3: TestS3;
let connection: Redis;
let client: ReturnType<TestS3['client']>;
let prefixes = 0;

beforeAll(async () => {
  [redis, s3] = await Promise.all([startRedis(), startS3()]);
  connection = connectRedis(redis.url, 'commands');
  await redisReady(connection);
  client = s3.client();
});

afterAll(async () => {
  connection?.disconnect();
  client?.destroy();
  await Promise.all([redis?.close(), s3?.close()]);
});

// Each store gets its own key prefix or bucket folder, as each suite case expects a fresh store.
runStateStoreContract('Redis task state', () => {
  prefixes += 1;
  return new RedisTaskStateStore(connection, 60_000, `contract:${prefixes}:task:`);
});

runResultStoreContract('bucket results', async (ttlMs) => {
  prefixes += 1;
  return new BucketResultStore(new S3ResultStore(client, s3.bucket, ttlMs, `contract-${prefixes}/`), false);
});
