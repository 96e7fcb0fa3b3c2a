// The hub across API nodes against a real redis-server: two hubs with socket.io's Redis adapter
// and the Redis event bus; a worker's events reach clients on both nodes once each, in order, and
// the adapter lets one node address clients connected to the other.
import { createAdapter } from '@socket.io/redis-adapter';
import { hubEvents, hubPath, type DownloadTask } from '@grabbit/contracts';
import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Redis } from 'ioredis';
import { io as connectClient, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { downloadHubState } from '../src/download/hub-answers';
import { attachDownloadHub, type DownloadHub, type HubState } from '../src/realtime/hub';
import { RedisEventBus } from '../src/realtime/redis-event-bus';
import { connectRedis, redisReady } from '../src/redis/redis-connection';
import { startRedis, type TestRedis } from './support/redis-server';
import { until } from './support/until';

let redis: TestRedis;
const connections: Redis[] = [];
const servers: HttpServer[] = [];
const hubs: DownloadHub[] = [];
const buses: RedisEventBus[] = [];
const clients: Socket[] = [];
/** The shared task state (Redis in scaled mode; a map is enough for the hub's join answer). */
const tasks = new Map<string, DownloadTask>();
const state: HubState = downloadHubState({ task: async (id) => tasks.get(id), batch: async () => undefined });

async function connect(role: 'commands' | 'waiting'): Promise<Redis> {
  const connection = connectRedis(redis.url, role);
  connections.push(connection);
  await redisReady(connection);
  return connection;
}

async function bus(): Promise<RedisEventBus> {
  const created = new RedisEventBus(await connect('commands'), await connect('waiting'));
  buses.push(created);
  await created.ready();
  return created;
}

/** One API node: an HTTP server with a hub on the Redis adapter and bus; answers its origin. */
async function apiNode(): Promise<{ origin: string; hub: DownloadHub }> {
  const server = createServer();
  servers.push(server);
  const adapter = createAdapter(await connect('waiting'), await connect('waiting'));
  const hub = attachDownloadHub(server, await bus(), state, { adapter });
  hubs.push(hub);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, hub };
}

async function client(origin: string): Promise<Socket> {
  const socket = connectClient(origin, { path: hubPath, transports: ['websocket'], forceNew: true });
  clients.push(socket);
  await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('connect_error', reject));
  return socket;
}

function record(socket: Socket): Array<[string, ...unknown[]]> {
  const seen: Array<[string, ...unknown[]]> = [];
  socket.onAny((event: string, ...args: unknown[]) => seen.push([event, ...args]));
  return seen;
}

async function join(socket: Socket, taskId: string): Promise<void> {
  await socket.timeout(5_000).emitWithAck(hubEvents.joinTask, taskId);
}

beforeAll(async () => {
  redis = await startRedis();
});

afterAll(async () => {
  for (const socket of clients) socket.disconnect();
  await Promise.all(hubs.map((hub) => hub.close()));
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  await Promise.all(buses.map((created) => created.close()));
  for (const connection of connections) connection.disconnect();
  await redis?.close();
});

describe('hub across API nodes', () => {
  it("brings a worker's events to clients of both nodes, once each and in order", async () => {
    const [nodeA, nodeB] = [await apiNode(), await apiNode()];
    const worker = await bus();
    const taskId = 'task-across-nodes';
    const now = new Date().toISOString();
    tasks.set(taskId, {
      taskId,
      platform: 'youtube',
      url: 'https://www.youtube.com/watch?v=x',
      format: 'mp4',
      status: 'downloading',
      progress: 10,
      stage: 'downloading',
      createdAt: now,
      updatedAt: now,
    });
    const onA = await client(nodeA.origin);
    const onB = await client(nodeB.origin);
    const seenA = record(onA);
    const seenB = record(onB);
    await join(onA, taskId);
    await join(onB, taskId);
    // The join answers the current state at once, on either node.
    expect(seenB[0]).toEqual([hubEvents.taskProgress, taskId, expect.objectContaining({ progress: 10 })]);

    for (let progress = 11; progress <= 60; progress += 1)
      worker.publish(`task:${taskId}`, hubEvents.taskProgress, taskId, {
        status: 'downloading',
        progress,
        stage: 'downloading',
        speed: null,
        eta: null,
      });
    worker.publish(`task:${taskId}`, hubEvents.taskCompleted, taskId, {
      ...tasks.get(taskId)!,
      status: 'completed',
    });
    await until(
      () => seenA.at(-1)?.[0] === hubEvents.taskCompleted && seenB.at(-1)?.[0] === hubEvents.taskCompleted,
    );
    // Give a duplicate time to show up, then compare: 1 join answer + 50 progress + completed.
    await new Promise((resolve) => setTimeout(resolve, 200));
    for (const seen of [seenA, seenB]) {
      expect(seen).toHaveLength(52);
      expect(seen.slice(1, 51).map((entry) => (entry[2] as { progress: number }).progress)).toEqual(
        Array.from({ length: 50 }, (_, index) => index + 11),
      );
    }

    // The adapter spans the nodes: node A sees both clients and reaches the one on node B.
    expect(await nodeA.hub.io.in(`task:${taskId}`).fetchSockets()).toHaveLength(2);
    const direct = new Promise((resolve) =>
      onB.once(hubEvents.taskError, (...args: unknown[]) => resolve(args)),
    );
    nodeA.hub.io
      .to(`task:${taskId}`)
      .emit(hubEvents.taskError, taskId, { message: 'from A', code: 'DOWNLOAD_FAILED' });
    expect(await direct).toEqual([taskId, { message: 'from A', code: 'DOWNLOAD_FAILED' }]);
  });
});
