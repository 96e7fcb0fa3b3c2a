// The delivery's own rules with a real local receiver: a name that resolves to an internal address
// at delivery time (DNS changed since registration) is refused by the egress guard and never
// retried; a redirect is not followed; the back-off doubles with jitter, capped, and yields to
// Retry-After.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JobDeferred } from '../jobs/hand-back';
import type { Lookup } from '../net/guarded-fetch';
import {
  DeliveryFailed,
  deliveryHandler,
  deliveryRetryDelay,
  maxRetryDelayMs,
  retryAfterMs,
} from './delivery';
import { MemoryWebhookStore } from './memory-webhook-store';
import { sampleEndpoint } from './webhook-store.contract';

let server: Server;
let port = 0;
let hits = 0;

beforeAll(async () => {
  server = createServer((request, response) => {
    hits += 1;
    if (request.url === '/redirect') response.writeHead(302, { location: 'http://example.com/' }).end();
    else response.writeHead(204).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** DNS that answers 127.0.0.1 for every name: a public name that now points inside. */
const pointsInside: Lookup = (_hostname, _options, callback) =>
  callback(null, [{ address: '127.0.0.1', family: 4 }]);

function sampleDelivery(endpointId: string) {
  return {
    id: 'd1',
    endpointId,
    messageId: 'msg_1',
    eventType: 'job.completed' as const,
    jobId: 'j1',
    status: 'pending' as const,
    body: '{"type":"job.completed"}',
    createdAt: Date.now(),
    attempts: [],
  };
}

async function deliverTo(url: string, testHosts: string[] = []) {
  const store = new MemoryWebhookStore();
  const endpoint = sampleEndpoint('key:test', { url });
  await store.createEndpoint(endpoint, 10);
  await store.addDelivery(sampleDelivery(endpoint.id), 10);
  const handler = deliveryHandler({
    store,
    testHosts,
    timeoutMs: 5_000,
    perEndpoint: 2,
    lookup: pointsInside,
  });
  const run = handler(
    { endpointId: endpoint.id, deliveryId: 'd1' },
    { signal: new AbortController().signal, jobId: 'x', attempt: 1 },
  );
  return { store, endpoint, run };
}

describe('webhook delivery', () => {
  it('refuses a name that resolves to an internal address when it is sent, without a retry', async () => {
    const before = hits;
    const { store, endpoint, run } = await deliverTo(`http://hooks.example.com:${port}/in`);
    await expect(run).resolves.toBeUndefined();
    expect(hits).toBe(before);
    const logged = await store.getDelivery(endpoint.id, 'd1');
    expect(logged).toMatchObject({
      status: 'failed',
      attempts: [{ error: expect.stringMatching(/^refused/) }],
    });
  });

  it('does not follow a redirect: it is a failed attempt, retried', async () => {
    const host = `127.0.0.1:${port}`;
    const { store, endpoint, run } = await deliverTo(`http://${host}/redirect`, [host]);
    await expect(run).rejects.toBeInstanceOf(DeliveryFailed);
    expect(await store.getDelivery(endpoint.id, 'd1')).toMatchObject({
      status: 'pending',
      attempts: [{ statusCode: 302 }],
    });
  });

  it('waits its turn, without an attempt, while the endpoint has its deliveries in flight', async () => {
    const host = `127.0.0.1:${port}`;
    const store = new MemoryWebhookStore();
    const endpoint = sampleEndpoint('key:test', { url: `http://${host}/in` });
    await store.createEndpoint(endpoint, 10);
    await store.addDelivery({ ...sampleDelivery(endpoint.id), id: 'd1' }, 10);
    const leases = [
      await store.takeLease(endpoint.id, 2, 60_000),
      await store.takeLease(endpoint.id, 2, 60_000),
    ];
    const handler = deliveryHandler({ store, testHosts: [host], timeoutMs: 5_000, perEndpoint: 2 });
    const run = { signal: new AbortController().signal, jobId: 'x', attempt: 1 };
    await expect(handler({ endpointId: endpoint.id, deliveryId: 'd1' }, run)).rejects.toBeInstanceOf(
      JobDeferred,
    );
    expect((await store.getDelivery(endpoint.id, 'd1'))?.attempts).toEqual([]);
    await store.releaseLease(endpoint.id, leases[0] ?? '');
    await handler({ endpointId: endpoint.id, deliveryId: 'd1' }, run);
    expect(await store.getDelivery(endpoint.id, 'd1')).toMatchObject({ status: 'delivered' });
  });

  it('backs off exponentially with jitter, capped, and honours Retry-After', () => {
    const low = deliveryRetryDelay(1_000, () => 0);
    const high = deliveryRetryDelay(1_000, () => 1);
    expect([1, 2, 3].map((made) => low(made, new Error('x')))).toEqual([500, 1_000, 2_000]);
    expect([1, 2, 3].map((made) => high(made, new Error('x')))).toEqual([1_000, 2_000, 4_000]);
    expect(high(40, new Error('x'))).toBe(maxRetryDelayMs);
    expect(low(3, new DeliveryFailed('503', 7_000))).toBe(7_000);
    expect(retryAfterMs('120')).toBe(120_000);
    expect(retryAfterMs(new Date(Date.now() + 60_000).toUTCString())).toBeGreaterThan(55_000);
    expect(retryAfterMs('soon')).toBeUndefined();
    expect(retryAfterMs('999999')).toBe(maxRetryDelayMs);
    // The shipped 18 attempts from a 5 s base span about a day (with the jitter's middle).
    const shipped = deliveryRetryDelay(5_000, () => 0.5);
    const waits = Array.from({ length: 17 }, (_, index) => shipped(index + 1, new Error('x')));
    const hours = waits.reduce((sum, wait) => sum + wait, 0) / 3_600_000;
    expect(hours).toBeGreaterThan(20);
    expect(hours).toBeLessThan(32);
  });
});
