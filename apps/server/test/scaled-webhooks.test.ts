// Webhooks in scaled mode: deliveries are BullMQ jobs in Redis, so a worker killed while the
// receiver keeps failing loses none. An API process (npm start, no worker) takes the endpoint,
// a worker (npm run worker) ends the download and sends its job.completed, the receiver answers
// 500 for a while, the worker is killed (SIGKILL: no graceful hand-back), the receiver recovers,
// and a new worker delivers the same event under the same webhook-id. Retries wait
// WEBHOOK_RETRY_BASE_SECONDS=0.2 here (5 s when shipped) and a dead worker's delivery goes back to
// the queue after WORKER_LOCK_SECONDS=3, so the test is done in seconds.
// Then the egress guard at delivery: the API process (which checks the URL at registration) may
// reach the local receiver, a worker started without that allowance (WEBHOOK_TEST_HOSTS empty)
// stands for an address that turned internal after registration (DNS changed): the delivery is
// refused, never sent, and logged as failed at once (a refusal is not retried, so the retry
// settings above play no part in it).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  apiPath,
  apiRoutes,
  type WebhookCreated,
  type WebhookDeliveryList,
  type WebhookEvent,
} from '@grabbit/contracts';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiProcess, NodeProcess } from './support/scaled-processes';
import { startScaledStack, type ScaledStack } from './support/scaled-stack';
import { until } from './support/until';
import { startWebhookReceiver, type WebhookReceiver } from './support/webhook-receiver';

const key = 'scaled-webhook-key-0123456789';
// A key of its own for the refusal case: the first case's endpoint gets none of its events.
const refusedKey = 'scaled-webhook-refused-key-0123456789';
let dir: string;
let receiver: WebhookReceiver;
let stack: ScaledStack;
let api: ApiProcess;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'grabbit-scaled-webhooks-'));
  const keys = path.join(dir, 'keys.json');
  writeFileSync(keys, JSON.stringify({ [key]: { name: 'scaled' }, [refusedKey]: { name: 'refused' } }));
  receiver = await startWebhookReceiver();
  stack = await startScaledStack({
    API_KEYS_FILE: keys,
    WEBHOOK_TEST_HOSTS: receiver.host,
    WEBHOOK_RETRY_BASE_SECONDS: '0.2',
    WORKER_LOCK_SECONDS: '3',
  });
  api = await stack.api('api');
}, 120_000);

afterAll(async () => {
  await stack?.close();
  await receiver?.close();
  rmSync(dir, { recursive: true, force: true });
});

async function post(pathname: string, body: object, as = key): Promise<Response> {
  return fetch(`${api.origin}${pathname}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${as}` },
    body: JSON.stringify(body),
  });
}

async function deliveries(webhookId: string, as = key): Promise<WebhookDeliveryList['deliveries']> {
  const log = await fetch(`${api.origin}${apiPath(apiRoutes.webhookDeliveries, { webhookId })}`, {
    headers: { authorization: `Bearer ${as}` },
  });
  return ((await log.json()) as WebhookDeliveryList).deliveries;
}

describe('scaled mode: webhooks', () => {
  it('loses no delivery when the worker sending it dies', async () => {
    receiver.answer('/hook', { status: 500 });
    const created = await post(apiRoutes.webhooks, { url: receiver.url('/hook') });
    expect(created.status).toBe(201);
    const endpoint = (await created.json()) as WebhookCreated;
    const first: NodeProcess = await stack.worker('worker-1');
    const started = await post('/api/download/reddit', { url: stack.site.url('/a.mp4') });
    expect(started.status).toBe(200);
    const { taskId } = (await started.json()) as { taskId: string };
    await until(() => receiver.answered('/hook') >= 2, 'two failed attempts', 60_000);
    first.child.kill('SIGKILL');
    await new Promise((resolve) => first.child.once('exit', resolve));
    const before = receiver.to('/hook').length;
    receiver.answer('/hook', { status: 204 });

    const second = await stack.worker('worker-2');
    await until(() => receiver.to('/hook').length > before, 'delivered by the new worker', 60_000);
    const hooks = receiver.to('/hook');
    expect(new Set(hooks.map((hook) => hook.headers['webhook-id'])).size).toBe(1);
    const last = hooks.at(-1);
    const event = new Webhook(endpoint.secret).verify(last?.body ?? '', {
      'webhook-id': String(last?.headers['webhook-id']),
      'webhook-timestamp': String(last?.headers['webhook-timestamp']),
      'webhook-signature': String(last?.headers['webhook-signature']),
    }) as WebhookEvent;
    expect(event).toMatchObject({ type: 'job.completed', data: { id: taskId, status: 'done' } });
    await until(
      async () => (await deliveries(endpoint.id))[0]?.status === 'delivered',
      'logged as delivered',
    );
    // The next case needs a worker without the receiver's allowance as the only one.
    await second.stop();
  }, 180_000);

  it('refuses at delivery an address that turned internal after registration', async () => {
    receiver.answer('/turned-internal', { status: 204 });
    const created = await post(apiRoutes.webhooks, { url: receiver.url('/turned-internal') }, refusedKey);
    expect(created.status).toBe(201);
    const endpoint = (await created.json()) as WebhookCreated;
    const worker = await stack.worker('worker-no-test-hosts', { WEBHOOK_TEST_HOSTS: '' });
    const before = receiver.received.length;
    const started = await post('/api/download/reddit', { url: stack.site.url('/a.mp4') }, refusedKey);
    expect(started.status).toBe(200);
    const { taskId } = (await started.json()) as { taskId: string };

    // Settled either way (delivered if the guard let it through), so a failure is quick and says why.
    await until(
      async () =>
        ['delivered', 'failed'].includes((await deliveries(endpoint.id, refusedKey))[0]?.status ?? ''),
      'the delivery settled',
      60_000,
    );
    const [delivery] = await deliveries(endpoint.id, refusedKey);
    expect(delivery).toMatchObject({ eventType: 'job.completed', jobId: taskId, status: 'failed' });
    expect(delivery?.attempts).toEqual([
      expect.objectContaining({ error: expect.stringMatching(/^refused: .*private network address/) }),
    ]);
    expect(delivery?.attempts[0]?.statusCode).toBeUndefined();
    expect(receiver.received.length).toBe(before);
    // Nothing crashed: the worker still runs, the API still answers.
    expect(worker.child.exitCode).toBeNull();
    expect(worker.child.signalCode).toBeNull();
    expect((await deliveries(endpoint.id, refusedKey)).length).toBe(1);
  }, 120_000);
});
