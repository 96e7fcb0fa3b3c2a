// Webhooks in scaled mode: deliveries are BullMQ jobs in Redis, so a worker killed while the
// receiver keeps failing loses none. An API process (npm start, no worker) takes the endpoint,
// a worker (npm run worker) ends the download and sends its job.completed, the receiver answers
// 500 for a while, the worker is killed (SIGKILL: no graceful hand-back), the receiver recovers,
// and a new worker delivers the same event under the same webhook-id. Retries wait
// WEBHOOK_RETRY_BASE_SECONDS=0.2 here (5 s when shipped) and a dead worker's delivery goes back to
// the queue after WORKER_LOCK_SECONDS=3, so the test is done in seconds.
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
let dir: string;
let receiver: WebhookReceiver;
let stack: ScaledStack;
let api: ApiProcess;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'grabbit-scaled-webhooks-'));
  const keys = path.join(dir, 'keys.json');
  writeFileSync(keys, JSON.stringify({ [key]: { name: 'scaled' } }));
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

async function post(pathname: string, body: object): Promise<Response> {
  return fetch(`${api.origin}${pathname}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
    body: JSON.stringify(body),
  });
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

    await stack.worker('worker-2');
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
    await until(async () => {
      const log = await fetch(
        `${api.origin}${apiPath(apiRoutes.webhookDeliveries, { webhookId: endpoint.id })}`,
        {
          headers: { authorization: `Bearer ${key}` },
        },
      );
      return ((await log.json()) as WebhookDeliveryList).deliveries[0]?.status === 'delivered';
    }, 'logged as delivered');
  }, 180_000);
});
