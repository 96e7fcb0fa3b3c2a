// The playlist batch store of scaled mode against a real redis-server: the same contract as the
// in-memory store, the batch's keys expiring like task state, and the end granted once across
// two processes' connections.
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runBatchStoreContract, sampleBatch } from '../src/download/batch-store.contract';
import { connectRedis, redisReady } from '../src/redis/redis-connection';
import { RedisBatchStore } from '../src/download/redis-batch-store';
import { startRedis, type TestRedis } from './support/redis-server';

let redis: TestRedis;
let nodeA: Redis;
let nodeB: Redis;
let stores = 0;

/** A fresh key prefix per store, so each contract case starts from nothing. */
const freshPrefix = (): string => `test${(stores += 1)}:`;

beforeAll(async () => {
  redis = await startRedis();
  nodeA = connectRedis(redis.url, 'commands');
  nodeB = connectRedis(redis.url, 'commands');
  expect(await redisReady(nodeA)).toBe(true);
  expect(await redisReady(nodeB)).toBe(true);
});

afterAll(async () => {
  nodeA?.disconnect();
  nodeB?.disconnect();
  await redis?.close();
});

runBatchStoreContract('RedisBatchStore', () => new RedisBatchStore(nodeA, freshPrefix(), 60_000));

describe('RedisBatchStore across nodes', () => {
  it('keeps a batch and its task links for the TTL, progress moves included', async () => {
    const store = new RedisBatchStore(nodeA, freshPrefix(), 60_000);
    await store.put(sampleBatch('b1', ['t1']));
    expect(await store.advance('b1', { progress: 10 })).toBe(true);
    const ttl = await store.ttlOf('b1');
    expect(ttl).toBeGreaterThan(55_000);
    expect(ttl).toBeLessThanOrEqual(60_000);

    const short = new RedisBatchStore(nodeA, freshPrefix(), 100);
    await short.put(sampleBatch('b2', ['t2']));
    await short.advance('b2', { progress: 50 });
    await new Promise((resolve) => setTimeout(resolve, 250));
    expect(await short.get('b2')).toBeUndefined();
    expect(await short.batchOfTask('t2')).toBeUndefined();
    expect(await short.advance('b2', { progress: 60 })).toBe(false);
  });

  it('grants each progress and the end once when two nodes race', async () => {
    const prefix = freshPrefix();
    const [a, b] = [new RedisBatchStore(nodeA, prefix, 60_000), new RedisBatchStore(nodeB, prefix, 60_000)];
    await a.put(sampleBatch('b1', ['t1', 't2']));
    expect(await b.batchOfTask('t2')).toBe('b1');
    const progress = await Promise.all(
      Array.from({ length: 40 }, (_, index) => (index % 2 ? a : b).advance('b1', { progress: 7 })),
    );
    expect(progress.filter(Boolean)).toHaveLength(1);
    const ends = await Promise.all(
      Array.from({ length: 40 }, (_, index) => (index % 2 ? a : b).advance('b1', { finished: true })),
    );
    expect(ends.filter(Boolean)).toHaveLength(1);
    expect(await b.get('b1')).toMatchObject({ lastProgress: 7, finished: true });
  });
});
