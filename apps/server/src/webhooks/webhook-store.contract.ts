// What every WebhookStore must do, as one reusable suite: the memory store runs it in the unit
// tests, the Redis store against a real redis-server (test/scaled-contracts.test.ts).
import { describe, expect, it } from 'vitest';
import type { DeliveryRecord, WebhookEndpointRecord, WebhookStore } from './webhook-store';
import { withAttempt } from './webhook-store';

export type MakeWebhookStore = () => WebhookStore | Promise<WebhookStore>;

let made = 0;

export function sampleEndpoint(owner: string, change: Partial<WebhookEndpointRecord> = {}) {
  made += 1;
  const now = Date.now();
  return {
    id: `wh_${made}_${Math.random().toString(36).slice(2)}`,
    owner,
    url: 'https://hooks.example.com/in',
    events: ['job.completed', 'job.failed'],
    enabled: true,
    secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
    createdAt: now + made,
    updatedAt: now + made,
    ...change,
  } satisfies WebhookEndpointRecord;
}

function sampleDelivery(endpointId: string, id: string): DeliveryRecord {
  return {
    id,
    endpointId,
    messageId: `msg_${id}`,
    eventType: 'job.completed',
    jobId: 'job-1',
    status: 'pending',
    body: '{}',
    createdAt: Date.now(),
    attempts: [],
  };
}

export function runWebhookStoreContract(name: string, makeStore: MakeWebhookStore): void {
  describe(`${name} (webhook store contract)`, () => {
    it('keeps an owner’s endpoints, changes and forgets them, and shows them to no other owner', async () => {
      const store = await makeStore();
      const first = sampleEndpoint('key-a');
      const second = sampleEndpoint('key-a');
      expect(await store.createEndpoint(first, 10)).toBe(true);
      expect(await store.createEndpoint(second, 10)).toBe(true);
      expect(await store.createEndpoint(sampleEndpoint('key-b'), 10)).toBe(true);
      expect((await store.listEndpoints('key-a')).map((endpoint) => endpoint.id)).toEqual([
        first.id,
        second.id,
      ]);
      expect(await store.getEndpoint(first.id)).toEqual(first);
      const changed = await store.updateEndpoint(first.id, (current) => ({ ...current, enabled: false }));
      expect(changed?.enabled).toBe(false);
      expect((await store.getEndpoint(first.id))?.enabled).toBe(false);
      expect(await store.updateEndpoint(first.id, () => undefined)).toMatchObject({ enabled: false });
      await store.deleteEndpoint(first.id);
      expect(await store.getEndpoint(first.id)).toBeUndefined();
      expect(await store.updateEndpoint(first.id, (current) => current)).toBeUndefined();
      expect((await store.listEndpoints('key-a')).map((endpoint) => endpoint.id)).toEqual([second.id]);
    });

    it('bounds an owner’s endpoints, even when created at once', async () => {
      const store = await makeStore();
      const results = await Promise.all(
        Array.from({ length: 6 }, () => store.createEndpoint(sampleEndpoint('key-c'), 3)),
      );
      expect(results.filter(Boolean)).toHaveLength(3);
      expect(await store.listEndpoints('key-c')).toHaveLength(3);
      expect(await store.createEndpoint(sampleEndpoint('key-d'), 3)).toBe(true);
    });

    it('logs deliveries newest first, bounded, with their attempts; deleting the endpoint drops them', async () => {
      const store = await makeStore();
      const endpoint = sampleEndpoint('key-e');
      await store.createEndpoint(endpoint, 10);
      for (const id of ['d1', 'd2', 'd3', 'd4']) await store.addDelivery(sampleDelivery(endpoint.id, id), 3);
      expect((await store.listDeliveries(endpoint.id)).map((delivery) => delivery.id)).toEqual([
        'd4',
        'd3',
        'd2',
      ]);
      expect(await store.getDelivery(endpoint.id, 'd1')).toBeUndefined();
      expect(await store.getDelivery('another-endpoint', 'd2')).toBeUndefined();
      const attempt = { at: new Date().toISOString(), statusCode: 500, durationMs: 12 };
      await store.updateDelivery(endpoint.id, 'd2', (current) => withAttempt(current, attempt));
      expect((await store.getDelivery(endpoint.id, 'd2'))?.attempts).toEqual([attempt]);
      expect(await store.updateDelivery(endpoint.id, 'nope', (current) => current)).toBeUndefined();
      await store.deleteEndpoint(endpoint.id);
      expect(await store.listDeliveries(endpoint.id)).toEqual([]);
      expect(await store.getDelivery(endpoint.id, 'd2')).toBeUndefined();
    });

    it('gives an endpoint at most `max` leases at once, and a lease back when released or run out', async () => {
      const store = await makeStore();
      const taken = await Promise.all([1, 2, 3].map(() => store.takeLease('ep-leases', 2, 60_000)));
      const tokens = taken.filter((token): token is string => token !== undefined);
      expect(tokens).toHaveLength(2);
      expect(await store.takeLease('ep-other', 2, 60_000)).toBeDefined();
      await store.releaseLease('ep-leases', tokens[0] ?? '');
      expect(await store.takeLease('ep-leases', 2, 60_000)).toBeDefined();
      expect(await store.takeLease('ep-short', 1, 30)).toBeDefined();
      await new Promise((resolve) => setTimeout(resolve, 60));
      expect(await store.takeLease('ep-short', 1, 30)).toBeDefined();
    });
  });
}
