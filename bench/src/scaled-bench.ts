// Scaled-mode benchmarks: the hub's fan-out delay when 200 clients are spread over two API nodes
// (socket.io's Redis adapter, the Redis event bus, a real redis-server): a worker's bus publishes
// a batch's progress as a worker would, and the clients (in their own thread, as browsers are
// elsewhere) note when each event arrives. Budget: p99 at most 100 ms.
import type { BatchStatus } from '@grabbit/contracts';
import { hubEvents } from '@grabbit/contracts';
import { createAdapter } from '@socket.io/redis-adapter';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Worker } from 'node:worker_threads';
import type { Redis } from 'ioredis';
import { downloadHubState } from '../../apps/server/src/download/hub-answers';
import { attachDownloadHub, type DownloadHub } from '../../apps/server/src/realtime/hub';
import { RedisEventBus } from '../../apps/server/src/realtime/redis-event-bus';
import { connectRedis, redisReady } from '../../apps/server/src/scaled/redis-connection';
import { startRedis } from '../../apps/server/test/support/redis-server';
import { hubClientsBootstrap, ms, percentile } from './download-bench';
import type { HubReceipt } from './hub-clients-worker';

const clients = 200;
const progressEvents = 50;
const batchId = 'bench-batch';
const now = () => performance.timeOrigin + performance.now();

const runningBatch: BatchStatus = {
  success: true,
  batchId,
  title: 'bench',
  status: 'downloading',
  progress: 0,
  totalItems: 1,
  completedItems: 0,
  failedItems: 0,
  items: [],
  downloadUrl: `/api/download/playlist/${batchId}/zip`,
  message: 'Downloading',
};

export async function runScaledBenchmarks(): Promise<void> {
  console.info('\n== Scaled mode (redis-server)');
  const redis = await startRedis();
  const connections: Redis[] = [];
  const servers: Server[] = [];
  const hubs: DownloadHub[] = [];
  const connect = async (role: 'commands' | 'waiting') => {
    const connection = connectRedis(redis.url, role);
    connections.push(connection);
    await redisReady(connection);
    return connection;
  };
  const bus = async () => {
    const created = new RedisEventBus(await connect('commands'), await connect('waiting'));
    await created.ready();
    return created;
  };
  try {
    const origins: string[] = [];
    for (let node = 0; node < 2; node += 1) {
      const server = createServer();
      servers.push(server);
      const adapter = createAdapter(await connect('waiting'), await connect('waiting'));
      hubs.push(
        attachDownloadHub(
          server,
          await bus(),
          downloadHubState({ task: async () => undefined, batch: async () => runningBatch }),
          { adapter },
        ),
      );
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      origins.push(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
    }
    const worker = await bus();
    const thread = new Worker(hubClientsBootstrap, { eval: true, workerData: { origins, clients } });
    const nextMessage = <T>() =>
      new Promise<T>((resolve, reject) => thread.once('message', resolve).once('error', reject));
    try {
      await nextMessage<'ready'>();
      const receipts = nextMessage<HubReceipt[]>();
      thread.postMessage(batchId);
      // Let every client's join be acknowledged before the first event.
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      const published = new Map<string, number>();
      for (let progress = 1; progress <= progressEvents; progress += 1) {
        published.set(`${batchId}:${progress}`, now());
        worker.publish(`batch:${batchId}`, hubEvents.batchProgress, batchId, progress);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      worker.publish(`batch:${batchId}`, hubEvents.batchCompleted, batchId, {
        success: true,
        message: 'done',
      });
      const delays = (await receipts).flatMap(({ key, at }) => {
        const sent = published.get(key);
        return sent === undefined ? [] : [at - sent];
      });
      const p99 = percentile(delays, 99);
      console.info(
        `${clients} hub clients over 2 API nodes (Redis adapter and bus): ${progressEvents} progress events, ${delays.length} deliveries (expected ${clients * progressEvents}), p50 ${ms(percentile(delays, 50))}, p99 ${ms(p99)} (budget 100 ms) ${p99 <= 100 ? 'OK' : 'OVER BUDGET'}`,
      );
    } finally {
      await thread.terminate();
      await worker.close();
    }
  } finally {
    await Promise.all(hubs.map((hub) => hub.close()));
    await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
    for (const connection of connections) connection.disconnect();
    await redis.close();
  }
}
