// Scaled-mode benchmarks: the hub's fan-out delay when 200 clients are spread over two real API
// processes (`server.ts` with START_WORKER=false: socket.io's Redis adapter, the Redis event bus)
// on a real redis-server. This process stands in for a worker: it writes a running playlist batch
// into Redis through the same stores a worker uses, then publishes the batch's progress on the
// Redis bus as a worker's process does; the clients (in their own thread, as browsers are
// elsewhere) note when each event arrives. Delay: from publish to receipt. Budget: p99 at most
// 100 ms.
import { hubEvents } from '@grabbit/contracts';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { Redis } from 'ioredis';
import { RedisEventBus } from '../../apps/server/src/realtime/redis-event-bus';
import { newJobRecord } from '../../apps/server/src/jobs/job-record';
import { RedisJobRecordStore } from '../../apps/server/src/jobs/redis-job-records';
import { connectRedis, redisReady } from '../../apps/server/src/redis/redis-connection';
import { startRedis } from '../../apps/server/test/support/redis-server';
import { startApiProcess, type ApiProcess } from '../../apps/server/test/support/scaled-processes';
import { hubClientsBootstrap, ms, percentile } from './download-bench';
import type { HubReceipt } from './hub-clients-worker';

const clients = 200;
const progressEvents = 50;
const prefix = 'bench';
const batchId = 'bench-batch';
const taskId = 'bench-task';
const hourMs = 3_600_000;
const now = () => performance.timeOrigin + performance.now();

/** A playlist of one running download, as a worker leaves it in Redis: joins answer its progress. */
async function writeRunningBatch(commands: Redis): Promise<void> {
  const records = new RedisJobRecordStore(commands, `${prefix}:`, hourMs, hourMs);
  const url = 'https://www.youtube.com/watch?v=bench';
  const owner = 'bench-client';
  const task = newJobRecord({
    id: taskId,
    kind: 'download',
    owner,
    holdsSlot: false,
    detail: { platform: 'youtube', url, format: 'mp4', status: 'downloading', batchId },
  });
  await records.create({ ...task, status: 'running', stage: 'downloading' });
  const batch = newJobRecord({
    id: batchId,
    kind: 'batch',
    owner,
    detail: { title: 'bench', items: [{ url, title: null, taskId }], lastProgress: -1 },
  });
  await records.create({ ...batch, status: 'running' });
}

/** Publishes the batch's progress as a worker would; resolves with each event's publish time. */
async function publishProgress(bus: RedisEventBus): Promise<Map<string, number>> {
  const published = new Map<string, number>();
  for (let progress = 1; progress <= progressEvents; progress += 1) {
    published.set(`${batchId}:${progress}`, now());
    bus.publish(`batch:${batchId}`, hubEvents.batchProgress, batchId, progress);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  bus.publish(`batch:${batchId}`, hubEvents.batchCompleted, batchId, { success: true, message: 'done' });
  return published;
}

/** A benchmark that stalls fails instead of hanging. */
function withinMinute<T>(work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const limit = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error('hub clients did not see the batch end within 60 s')), 60_000);
  });
  return Promise.race([work, limit]).finally(() => clearTimeout(timer));
}

export async function runScaledBenchmarks(): Promise<void> {
  console.info('\n== Scaled mode (two API processes on redis-server)');
  const redis = await startRedis();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'grabbit-bench-scaled-'));
  const connections: Redis[] = [];
  const nodes: ApiProcess[] = [];
  const connect = async (role: 'commands' | 'waiting') => {
    const connection = connectRedis(redis.url, role);
    connections.push(connection);
    await redisReady(connection);
    return connection;
  };
  try {
    const env = { REDIS_URL: redis.url, REDIS_PREFIX: prefix, LOG_LEVEL: 'warn' };
    for (const name of ['api-1', 'api-2'])
      nodes.push(await startApiProcess(name, { ...env, DATA_DIR: path.join(dataDir, name) }));
    const commands = await connect('commands');
    await writeRunningBatch(commands);
    const bus = new RedisEventBus(commands, await connect('waiting'), `${prefix}:events`);
    await bus.ready();
    const origins = nodes.map((node) => node.origin);
    const thread = new Worker(hubClientsBootstrap, { eval: true, workerData: { origins, clients } });
    const nextMessage = <T>() =>
      new Promise<T>((resolve, reject) => thread.once('message', resolve).once('error', reject));
    try {
      await nextMessage<'ready'>();
      const receipts = nextMessage<HubReceipt[]>();
      thread.postMessage(batchId);
      // Let every client's join be acknowledged before the first event.
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      const published = await publishProgress(bus);
      const delays = (await withinMinute(receipts)).flatMap(({ key, at }) => {
        const sent = published.get(key);
        return sent === undefined ? [] : [at - sent];
      });
      const p99 = percentile(delays, 99);
      console.info(
        `${clients} hub clients over 2 API processes (Redis adapter and bus): ${progressEvents} progress events, ${delays.length} deliveries (expected ${clients * progressEvents}), p50 ${ms(percentile(delays, 50))}, p99 ${ms(p99)}, max ${ms(Math.max(...delays))} (budget 100 ms) ${p99 <= 100 ? 'OK' : 'OVER BUDGET'}`,
      );
    } finally {
      await thread.terminate();
      await bus.close();
    }
  } finally {
    await Promise.all(nodes.map((node) => node.stop()));
    for (const connection of connections) connection.disconnect();
    await redis.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
