// Webhooks through the real API: a key registers endpoints (internal addresses refused, bounded in
// number, invisible to other keys), a local receiver gets job.completed and job.failed signed per
// Standard Webhooks (checked with the standardwebhooks package), a 500 is retried under the same
// webhook-id and then delivered, a 410 turns the endpoint off, a slow receiver holds up no job,
// the delivery log and redeliver call, a start's callbackUrl, and a secret rotation's two
// signatures. Retries wait WEBHOOK_RETRY_BASE_SECONDS=0.05 here (5 s when shipped) so a retried
// delivery arrives within the test; WEBHOOK_TEST_HOSTS lets the local receiver's one host:port be
// reached (every other internal address is still refused).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  apiPath,
  apiRoutes,
  jobPath,
  type Job,
  type WebhookCreated,
  type WebhookDeliveryList,
  type WebhookEndpoint,
  type WebhookEvent,
} from '@grabbit/contracts';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFixtureSite, type FixtureSite } from './support/fixture-site';
import { startTestApp, type TestApp } from './support/test-app';
import { until } from './support/until';
import { startWebhookReceiver, type ReceivedHook, type WebhookReceiver } from './support/webhook-receiver';

const keyA = 'webhook-test-key-a-0123456789';
const keyB = 'webhook-test-key-b-0123456789';
let dir: string;
let site: FixtureSite;
let receiver: WebhookReceiver;
let test: TestApp;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'grabbit-webhooks-'));
  const keys = path.join(dir, 'keys.json');
  writeFileSync(keys, JSON.stringify({ [keyA]: { name: 'a' }, [keyB]: { name: 'b' } }));
  [site, receiver] = await Promise.all([startFixtureSite(), startWebhookReceiver()]);
  test = await startTestApp(
    {
      MEDIA_TEST_HOSTS: site.host,
      WEBHOOK_TEST_HOSTS: receiver.host,
      WEBHOOK_RETRY_BASE_SECONDS: '0.05',
      WEBHOOK_MAX_ENDPOINTS_PER_KEY: '3',
      WEBHOOK_TIMEOUT_SECONDS: '10',
      API_KEYS_FILE: keys,
    },
    { prefix: 'grabbit-webhooks-' },
  );
});

afterAll(async () => {
  await test?.close();
  await Promise.all([site?.close(), receiver?.close()]);
  rmSync(dir, { recursive: true, force: true });
});

const auth = (key: string) => ({ authorization: `Bearer ${key}` });

function call(method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, key?: string, payload?: object) {
  return test.app.inject({ method, url, headers: key ? auth(key) : {}, ...(payload ? { payload } : {}) });
}

async function register(pathname: string, key = keyA, events?: string[]): Promise<WebhookCreated> {
  const answer = await call('POST', apiRoutes.webhooks, key, {
    url: receiver.url(pathname),
    ...(events ? { events } : {}),
  });
  expect(answer.statusCode).toBe(201);
  return answer.json<WebhookCreated>();
}

const endpointPath = (id: string) => apiPath(apiRoutes.webhook, { webhookId: id });
const deliveriesPath = (id: string) => apiPath(apiRoutes.webhookDeliveries, { webhookId: id });

async function startDownload(key: string, file = '/a.mp4', extra: object = {}) {
  const answer = await call('POST', '/api/download/reddit', key, { url: site.url(file), ...extra });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json<{ taskId: string }>().taskId;
}

/** The event of a received hook, checked against `secret` as a receiver checks it. */
function verified(hook: ReceivedHook, secret: string): WebhookEvent {
  const headers = {
    'webhook-id': String(hook.headers['webhook-id']),
    'webhook-timestamp': String(hook.headers['webhook-timestamp']),
    'webhook-signature': String(hook.headers['webhook-signature']),
  };
  return new Webhook(secret).verify(hook.body, headers) as WebhookEvent;
}

async function readJob(id: string, key = keyA): Promise<Job> {
  const answer = await call('GET', jobPath(id), key);
  return answer.json<Job>();
}

async function removeAll(key = keyA): Promise<void> {
  const list = (await call('GET', apiRoutes.webhooks, key)).json<{ webhooks: WebhookEndpoint[] }>();
  for (const endpoint of list.webhooks) await call('DELETE', endpointPath(endpoint.id), key);
}

describe('webhook endpoints', () => {
  it('are for API keys, refuse internal addresses, are bounded per key and seen by their key only', async () => {
    const anonymous = await call('POST', apiRoutes.webhooks, undefined, { url: receiver.url('/x') });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toMatchObject({ code: 'API_KEY_REQUIRED' });
    const port = receiver.host.split(':')[1];
    for (const url of [
      `http://127.0.0.2:${port}/x`,
      `http://localhost:${port}/x`,
      'http://10.0.0.7/hook',
      'http://169.254.169.254/latest',
      'http://[::1]/hook',
      'http://[::ffff:127.0.0.1]/hook',
      'ftp://example.com/hook',
      `http://user:pw@${receiver.host}/x`,
    ]) {
      const refused = await call('POST', apiRoutes.webhooks, keyA, { url });
      expect(refused.statusCode, url).toBe(400);
      expect(refused.json<{ code: string }>().code, url).toMatch(
        /^(WEBHOOK_URL_NOT_ALLOWED|VALIDATION_FAILED)$/,
      );
    }
    const created = await register('/one');
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9+/=]{32}$/);
    expect(created).toMatchObject({
      url: receiver.url('/one'),
      events: ['job.completed', 'job.failed'],
      enabled: true,
    });
    const read = await call('GET', endpointPath(created.id), keyA);
    expect(read.json()).toEqual(
      Object.fromEntries(Object.entries(created).filter(([name]) => name !== 'secret')),
    );
    expect((await call('GET', endpointPath(created.id), keyB)).json()).toMatchObject({
      code: 'WEBHOOK_NOT_FOUND',
    });
    expect((await call('DELETE', endpointPath(created.id), keyB)).statusCode).toBe(404);
    expect((await call('GET', endpointPath(created.id))).statusCode).toBe(401);
    await register('/two');
    await register('/three');
    const fourth = await call('POST', apiRoutes.webhooks, keyA, { url: receiver.url('/four') });
    expect(fourth.statusCode).toBe(409);
    expect(fourth.json()).toMatchObject({ code: 'WEBHOOK_LIMIT_REACHED' });
    expect((await call('GET', apiRoutes.webhooks, keyB)).json()).toEqual({ webhooks: [] });
    const patched = await call('PATCH', endpointPath(created.id), keyA, { events: ['job.failed'] });
    expect(patched.json()).toMatchObject({ events: ['job.failed'] });
    const badPatch = await call('PATCH', endpointPath(created.id), keyA, { url: 'http://192.168.1.1/x' });
    expect(badPatch.json()).toMatchObject({ code: 'WEBHOOK_URL_NOT_ALLOWED' });
    await removeAll();
    expect((await call('GET', apiRoutes.webhooks, keyA)).json()).toEqual({ webhooks: [] });
  });
});

describe('webhook deliveries', () => {
  it('retries a 500 under the same webhook-id, then delivers a signed job.completed; logs and redelivers it', async () => {
    const endpoint = await register('/retry');
    receiver.answer(
      '/retry',
      { status: 500 },
      { status: 503, headers: { 'retry-after': '0' } },
      { status: 204 },
    );
    const jobId = await startDownload(keyA);
    await until(() => receiver.answered('/retry') === 3, 'delivered on the third attempt', 60_000);
    const hooks = receiver.to('/retry');
    expect(new Set(hooks.map((hook) => hook.headers['webhook-id'])).size).toBe(1);
    const event = verified(hooks[2] as ReceivedHook, endpoint.secret);
    expect(event).toMatchObject({
      type: 'job.completed',
      data: { id: jobId, kind: 'download', status: 'done' },
    });
    expect(event.data).toEqual(await readJob(jobId));
    expect(event.data.result?.url).toBeTruthy();
    expect(event.data.result?.expiresAt).toBeTruthy();
    expect(() => verified(hooks[2] as ReceivedHook, 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw')).toThrow();

    await until(async () => {
      const log = (await call('GET', deliveriesPath(endpoint.id), keyA)).json<WebhookDeliveryList>();
      return log.deliveries[0]?.status === 'delivered';
    }, 'logged as delivered');
    const log = (await call('GET', deliveriesPath(endpoint.id), keyA)).json<WebhookDeliveryList>();
    expect(log.deliveries).toHaveLength(1);
    const delivery = log.deliveries[0];
    expect(delivery).toMatchObject({
      eventType: 'job.completed',
      jobId,
      messageId: hooks[0]?.headers['webhook-id'],
    });
    expect(delivery?.attempts.map((attempt) => attempt.statusCode)).toEqual([500, 503, 204]);
    expect((await call('GET', deliveriesPath(endpoint.id), keyB)).statusCode).toBe(404);

    const redeliver = apiPath(apiRoutes.webhookRedelivery, {
      webhookId: endpoint.id,
      deliveryId: delivery?.id ?? '',
    });
    const again = await call('POST', redeliver, keyA);
    expect(again.statusCode).toBe(202);
    await until(() => receiver.to('/retry').length === 4, 'redelivered');
    expect(receiver.to('/retry')[3]?.headers['webhook-id']).toBe(hooks[0]?.headers['webhook-id']);
    expect(verified(receiver.to('/retry')[3] as ReceivedHook, endpoint.secret).data.id).toBe(jobId);
    const missing = apiPath(apiRoutes.webhookRedelivery, { webhookId: endpoint.id, deliveryId: 'nope' });
    expect((await call('POST', missing, keyA)).json()).toMatchObject({ code: 'WEBHOOK_DELIVERY_NOT_FOUND' });
    await removeAll();
  });

  it('turns an endpoint off when its receiver answers 410 Gone', async () => {
    const endpoint = await register('/gone');
    receiver.answer('/gone', { status: 410 });
    await startDownload(keyA);
    await until(
      async () =>
        (await call('GET', endpointPath(endpoint.id), keyA)).json<WebhookEndpoint>().enabled === false,
      'disabled',
    );
    expect((await call('GET', endpointPath(endpoint.id), keyA)).json()).toMatchObject({
      enabled: false,
      disabledReason: expect.stringMatching(/410/),
    });
    const log = (await call('GET', deliveriesPath(endpoint.id), keyA)).json<WebhookDeliveryList>();
    expect(log.deliveries[0]).toMatchObject({ status: 'failed', attempts: [{ statusCode: 410 }] });
    // No second attempt, and the next job sends nothing there.
    const next = await startDownload(keyA);
    await until(async () => (await readJob(next)).status === 'done', 'next job done', 60_000);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(receiver.to('/gone')).toHaveLength(1);
    await removeAll();
  });

  it('answers the job while a slow receiver still holds its delivery; a cancelled job is job.failed', async () => {
    const endpoint = await register('/slow');
    receiver.answer('/slow', { status: 200, delayMs: 8_000 });
    const jobId = await startDownload(keyA);
    await until(() => receiver.to('/slow').length === 1, 'delivery under way', 60_000);
    // The job's answer is there while the receiver still has not answered.
    const job = await readJob(jobId);
    expect(receiver.answered('/slow')).toBe(0);
    expect(job, JSON.stringify(receiver.to('/slow')[0]?.body)).toMatchObject({ status: 'done' });

    receiver.answer('/slow', { status: 204 });
    const slowJob = await startDownload(keyA, '/slow/a.mp4');
    const cancelled = await call('DELETE', jobPath(slowJob), keyA);
    expect(cancelled.json()).toMatchObject({ status: 'cancelled' });
    await until(
      () => receiver.to('/slow').some((hook) => hook.body.includes(slowJob)),
      'job.failed of the cancelled job',
      30_000,
    );
    const failed = receiver.to('/slow').find((hook) => hook.body.includes(slowJob)) as ReceivedHook;
    expect(verified(failed, endpoint.secret)).toMatchObject({
      type: 'job.failed',
      data: { id: slowJob, status: 'cancelled', error: { code: 'JOB_CANCELLED' } },
    });
    await removeAll();
  });

  it("sends a start's callbackUrl endpoint its job's events alone; refuses a URL the key did not register", async () => {
    const chosen = await register('/chosen');
    await register('/other');
    const notMine = await call('POST', '/api/download/reddit', keyA, {
      url: site.url('/a.mp4'),
      callbackUrl: receiver.url('/unknown'),
    });
    expect(notMine.statusCode).toBe(400);
    expect(notMine.json()).toMatchObject({ code: 'CALLBACK_URL_NOT_REGISTERED' });
    const otherKey = await call('POST', '/api/download/reddit', keyB, {
      url: site.url('/a.mp4'),
      callbackUrl: receiver.url('/chosen'),
    });
    expect(otherKey.json()).toMatchObject({ code: 'CALLBACK_URL_NOT_REGISTERED' });

    const jobId = await startDownload(keyA, '/a.mp4', { callbackUrl: receiver.url('/chosen') });
    await until(() => receiver.to('/chosen').length === 1, 'callback delivered', 60_000);
    expect(verified(receiver.to('/chosen')[0] as ReceivedHook, chosen.secret).data.id).toBe(jobId);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(receiver.to('/other')).toHaveLength(0);
    await removeAll();
  });

  it('signs with the old and the new secret while a rotation overlaps', async () => {
    const endpoint = await register('/rotate');
    const rotation = await call(
      'POST',
      apiPath(apiRoutes.webhookSecretRotation, { webhookId: endpoint.id }),
      keyA,
    );
    expect(rotation.statusCode).toBe(200);
    const { secret } = rotation.json<{ secret: string }>();
    expect(secret).not.toBe(endpoint.secret);
    await startDownload(keyA);
    await until(() => receiver.to('/rotate').length === 1, 'delivered', 60_000);
    const hook = receiver.to('/rotate')[0] as ReceivedHook;
    expect(String(hook.headers['webhook-signature']).split(' ')).toHaveLength(2);
    expect(verified(hook, secret).type).toBe('job.completed');
    expect(verified(hook, endpoint.secret).type).toBe('job.completed');
    await removeAll();
  });
});
