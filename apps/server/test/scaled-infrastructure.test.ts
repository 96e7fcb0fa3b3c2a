// Scaled mode's connections made from the configuration, against real redis-server and s3rver:
// health reports the mode, Redis and bucket reachability and queue depth; with Redis gone new jobs
// are refused at once and everything recovers by itself when it is back.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config/env';
import { randomUUID } from 'node:crypto';
import { BullMQJobRunner } from '../src/jobs/bullmq-job-runner';
import { QueueUnavailableError } from '../src/redis/redis-connection';
import { connectScaled, type ScaledInfrastructure } from '../src/composition/scaled-infrastructure';
import { startRedis, type TestRedis } from './support/redis-server';
import { startS3, type TestS3 } from './support/s3-server';
import { until } from './support/until';

let redis: TestRedis;
let s3: TestS3;
let scaled: ScaledInfrastructure;
const quiet = { warn: () => {}, info: () => {} };
// A queue-only runner (no worker), as an API node with START_WORKER=false has.
const table = {
  sleep: { handler: async () => undefined, concurrency: 1, timeoutMs: 10_000, queueLimit: 10 },
};
let runner: BullMQJobRunner<{ sleep: object }>;
const submit = () => runner.submit({ name: 'sleep', id: randomUUID(), data: {} });
const health = () => scaled.health(() => runner.depth());

beforeAll(async () => {
  [redis, s3] = await Promise.all([startRedis(), startS3()]);
  scaled = await connectScaled(loadConfig({ REDIS_URL: redis.url, ...s3.env() }), quiet);
  runner = new BullMQJobRunner(table, {
    connection: scaled.commands,
    prefix: scaled.prefix,
    shutdownGraceMs: 0,
  });
});

afterAll(async () => {
  await runner?.close();
  await scaled?.close();
  await Promise.all([redis?.close(), s3?.close()]);
});

describe('scaled infrastructure', () => {
  it('reports Redis, the bucket and the queue depth', async () => {
    await submit();
    expect(await health()).toEqual({
      mode: 'scaled',
      redis: 'up',
      bucket: 'up',
      queues: { sleep: { waiting: 1, active: 0 } },
    });
    expect(scaled.results).toBeDefined();
  });

  it('refuses new jobs while Redis is away and takes them again once it is back', async () => {
    await redis.stop();
    await until(async () => (await health()).redis === 'down');
    expect(await health()).toEqual({ mode: 'scaled', redis: 'down', bucket: 'up' });
    await expect(submit()).rejects.toBeInstanceOf(QueueUnavailableError);
    await redis.start();
    await until(async () => (await health()).redis === 'up');
    await until(() =>
      submit().then(
        () => true,
        () => false,
      ),
    );
    expect((await health()).queues?.sleep?.waiting).toBeGreaterThan(0);
  });

  it('runs without a bucket: results stay on the shared data folder', async () => {
    const withoutBucket = await connectScaled(loadConfig({ REDIS_URL: redis.url }), quiet);
    expect(withoutBucket.results).toBeUndefined();
    expect((await withoutBucket.health(async () => undefined)).bucket).toBe('not used');
    await withoutBucket.close();
  });
});
