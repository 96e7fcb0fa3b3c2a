// Public limits shared by the API nodes of scaled mode (real processes on a real redis-server): a
// budget spent on node A is refused on node B, for /api calls, hub connections and running jobs,
// so a visitor cannot multiply them by reaching several nodes. Clients are told apart by
// X-Forwarded-For (TRUST_PROXY=1), each part of the test with an address of its own; the nodes
// share no RATE_LIMIT_SALT setting, only Redis. While Redis is away each node counts alone.
import { hubPath } from '@grabbit/contracts';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiProcess } from './support/scaled-processes';
import { startScaledStack, type ScaledStack } from './support/scaled-stack';
import { until } from './support/until';

let stack: ScaledStack;
let nodeA: ApiProcess;
let nodeB: ApiProcess;
const sockets: Socket[] = [];
const apiPerMinute = 20;

beforeAll(async () => {
  stack = await startScaledStack(
    {
      TRUST_PROXY: '1',
      RATE_LIMIT_API_PER_MINUTE: String(apiPerMinute),
      RATE_LIMIT_HUB_PER_MINUTE: '2',
      MAX_ACTIVE_JOBS_PER_CLIENT: '1',
    },
    { bigMegabytes: 0.4 },
  );
  [nodeA, nodeB] = await Promise.all([stack.api('api-a'), stack.api('api-b')]);
  await stack.worker('worker-1');
}, 180_000);

afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
  await stack?.close();
});

let observers = 0;
/** A client address used once, for calls that only watch (they must not spend a tested budget). */
const observer = () => `10.9.${Math.floor(observers / 250)}.${(observers++ % 250) + 1}`;

function call(node: ApiProcess, client: string, path: string, init: RequestInit = {}): Promise<Response> {
  return fetch(`${node.origin}${path}`, {
    ...init,
    headers: { 'x-forwarded-for': client, 'content-type': 'application/json', ...init.headers },
  });
}

const startDownload = (node: ApiProcess, client: string) =>
  call(node, client, '/api/download/youtube', {
    method: 'POST',
    body: JSON.stringify({ url: stack.site.url('/throttle/big.mp4'), format: 'mp4' }),
  });

/** Connects to a node's hub as a client; resolves with the refusal's code, or 'connected'. */
function connectHub(node: ApiProcess, client: string): Promise<string> {
  const socket = io(node.origin, {
    path: hubPath,
    transports: ['websocket'],
    forceNew: true,
    reconnection: false,
    extraHeaders: { 'x-forwarded-for': client },
  });
  sockets.push(socket);
  return new Promise((resolve) => {
    socket.once('connect', () => resolve('connected'));
    socket.once('connect_error', (error: Error & { data?: { code?: string } }) =>
      resolve(error.data?.code ?? error.message),
    );
  });
}

describe('limits shared by two API nodes', () => {
  it('counts /api calls on both nodes against one budget', async () => {
    const client = '10.0.0.1';
    const remaining = async (node: ApiProcess) =>
      Number((await call(node, client, '/api/config')).headers.get('ratelimit-remaining'));
    const first = await remaining(nodeA);
    expect(await remaining(nodeB)).toBe(first - 1);
    expect(await remaining(nodeA)).toBe(first - 2);

    let accepted = 3;
    for (let n = 0; n < apiPerMinute; n += 1) {
      const node = n % 2 === 0 ? nodeA : nodeB;
      if ((await call(node, client, '/api/config')).status === 200) accepted += 1;
    }
    // One budget for both nodes, not one each.
    expect(accepted).toBe(apiPerMinute);
    for (const node of [nodeA, nodeB]) {
      const refused = await call(node, client, '/api/config');
      expect(refused.status).toBe(429);
      expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
      expect(await refused.json()).toMatchObject({ code: 'RATE_LIMITED' });
    }
    // Another visitor is not affected.
    expect((await call(nodeB, '10.0.0.2', '/api/config')).status).toBe(200);
  });

  it('counts hub connections on both nodes against one budget', async () => {
    const client = '10.0.1.1';
    expect(await connectHub(nodeA, client)).toBe('connected');
    expect(await connectHub(nodeA, client)).toBe('connected');
    // Refused at the transport's handshake (so polling sessions count too), before socket.io's connect.
    expect(await connectHub(nodeB, client)).not.toBe('connected');
    expect(await connectHub(nodeB, '10.0.1.2')).toBe('connected');
  });

  it('caps running jobs per client across nodes, and frees the slot when the job ends', async () => {
    const client = '10.0.2.1';
    const started = await startDownload(nodeA, client);
    expect(started.status).toBe(200);
    const { taskId } = (await started.json()) as { taskId: string };

    const refused = await startDownload(nodeB, client);
    expect(refused.status).toBe(429);
    expect(await refused.json()).toMatchObject({ code: 'TOO_MANY_ACTIVE_JOBS' });

    await until(
      async () => {
        const task = (await (await call(nodeB, observer(), `/api/download/task/${taskId}`)).json()) as {
          status: string;
        };
        return task.status === 'completed';
      },
      'first download completed',
      60_000,
    );
    // Node A gives the slot back when the hub reports the end; then node B accepts the client.
    // (Asked every half second: each try spends the client's /api budget.)
    let again = await startDownload(nodeB, client);
    for (let tries = 0; again.status === 429 && tries < 15; tries += 1) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      again = await startDownload(nodeB, client);
    }
    expect(again.status).toBe(200);
  }, 120_000);

  it('counts on each node alone while Redis is away, and never fails for the counters', async () => {
    const client = '10.0.3.1';
    await stack.redis.stop();
    try {
      const answers: number[] = [];
      for (let n = 0; n <= apiPerMinute; n += 1)
        answers.push((await call(nodeA, client, '/api/config')).status);
      expect(answers.slice(0, apiPerMinute).every((status) => status === 200)).toBe(true);
      expect(answers.at(-1)).toBe(429);
      // Node B has its own count meanwhile.
      expect((await call(nodeB, client, '/api/config')).status).toBe(200);
    } finally {
      await stack.redis.start();
    }
  });
});
