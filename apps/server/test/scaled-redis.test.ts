// Scaled mode's Redis parts against a real redis-server: the record store (expiry, atomic changes
// from two processes' connections), the event bus across nodes, and behaviour while Redis is away.
import { hubEvents, type TaskProgressUpdate } from '@grabbit/contracts';
import type { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { BusMessage } from '../src/realtime/event-bus';
import { RedisEventBus } from '../src/realtime/redis-event-bus';
import { connectRedis, redisReachable, redisReady } from '../src/redis/redis-connection';
import { RedisRecordStore } from '../src/jobs/redis-record-store';
import { startRedis, type TestRedis } from './support/redis-server';
import { until } from './support/until';

let redis: TestRedis;

const progressAt = (progress: number): TaskProgressUpdate => ({
  status: 'downloading',
  progress,
  stage: 'downloading',
  speed: null,
  eta: null,
});
const opened: Redis[] = [];

async function connect(role: 'commands' | 'waiting'): Promise<Redis> {
  const connection = connectRedis(redis.url, role);
  opened.push(connection);
  expect(await redisReady(connection)).toBe(true);
  return connection;
}

beforeAll(async () => {
  redis = await startRedis();
});

afterEach(() => {
  for (const connection of opened.splice(0)) connection.disconnect();
});

afterAll(async () => {
  await redis?.close();
});

describe('Redis record store', () => {
  it('stores JSON that expires after the results TTL from its last change', async () => {
    const store = new RedisRecordStore<{ n: number }>(await connect('commands'), 'test:ttl:', 60_000);
    await store.set('a', { n: 1 });
    expect(await store.get('a')).toEqual({ n: 1 });
    expect(await store.get('missing')).toBeUndefined();
    const ttl = await store.ttlOf('a');
    expect(ttl).toBeGreaterThan(55_000);
    expect(ttl).toBeLessThanOrEqual(60_000);
    expect(await store.getMany(['a', 'missing'])).toEqual([{ n: 1 }, undefined]);

    const short = new RedisRecordStore<{ n: number }>(await connect('commands'), 'test:short:', 100);
    await short.set('b', { n: 2 });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await short.get('b')).toBeUndefined();
  });

  it('never loses a change when two processes change one record at once', async () => {
    // Two connections stand for two processes; each adds 1 forty times, all at once.
    const stores = [await connect('commands'), await connect('commands')].map(
      (connection) => new RedisRecordStore<{ count: number }>(connection, 'test:cas:', 60_000),
    );
    await stores[0]!.set('batch', { count: 0 });
    await Promise.all(
      Array.from({ length: 80 }, (_, index) =>
        stores[index % 2]!.update('batch', (current) => ({ count: (current?.count ?? 0) + 1 })),
      ),
    );
    expect(await stores[0]!.get('batch')).toEqual({ count: 80 });
    // A change that answers undefined leaves the record as it is.
    expect(await stores[1]!.update('batch', () => undefined)).toEqual({ count: 80 });
  });
});

describe('Redis event bus', () => {
  it('delivers every message to every node, in publishing order', async () => {
    const nodeA = new RedisEventBus(await connect('commands'), await connect('waiting'), 'test:events:order');
    const nodeB = new RedisEventBus(await connect('commands'), await connect('waiting'), 'test:events:order');
    await Promise.all([nodeA.ready(), nodeB.ready()]);
    const seenA: BusMessage[] = [];
    const seenB: BusMessage[] = [];
    nodeA.subscribe((message) => seenA.push(message));
    const stop = nodeB.subscribe((message) => seenB.push(message));
    for (let index = 0; index < 200; index += 1)
      nodeA.publish('task:t1', hubEvents.taskProgress, 't1', progressAt(index));
    await until(() => seenB.length === 200 && seenA.length === 200);
    expect(seenB.map((message) => (message.args[1] as { progress: number }).progress)).toEqual(
      Array.from({ length: 200 }, (_, index) => index),
    );
    expect(seenB[0]).toEqual({
      group: 'task:t1',
      event: hubEvents.taskProgress,
      args: ['t1', progressAt(0)],
    });
    stop();
    nodeA.publish('batch:b1', hubEvents.batchProgress, 'b1', 5);
    await until(() => seenA.length === 201);
    expect(seenB).toHaveLength(200);
    await Promise.all([nodeA.close(), nodeB.close()]);
  });

  it('fails fast while Redis is away, then recovers by itself: commands and subscriptions', async () => {
    const commands = await connect('commands');
    const bus = new RedisEventBus(await connect('commands'), await connect('waiting'), 'test:events:outage');
    await bus.ready();
    const seen: BusMessage[] = [];
    bus.subscribe((message) => seen.push(message));
    const store = new RedisRecordStore<{ n: number }>(commands, 'test:outage:', 60_000);
    await store.set('x', { n: 1 });

    await redis.stop();
    await until(async () => !(await redisReachable(commands)));
    const started = Date.now();
    await expect(store.get('x')).rejects.toThrow();
    expect(Date.now() - started).toBeLessThan(1_000);
    // Publishing while away neither throws nor waits.
    bus.publish('task:t2', hubEvents.taskProgress, 'lost', progressAt(0));

    await redis.start();
    await until(() => redisReachable(commands));
    // Nothing was persisted: the state is gone, but the connection works again.
    expect(await store.get('x')).toBeUndefined();
    await store.set('x', { n: 2 });
    expect(await store.get('x')).toEqual({ n: 2 });
    // The subscriber subscribed again on its own.
    await until(async () => {
      bus.publish('task:t2', hubEvents.taskProgress, 'back', progressAt(0));
      await new Promise((resolve) => setTimeout(resolve, 100));
      return seen.some((message) => message.args[0] === 'back');
    });
    expect(seen.some((message) => message.args[0] === 'lost')).toBe(false);
    await bus.close();
  });
});
