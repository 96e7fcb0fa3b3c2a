// The typed client (packages/client) as an integrator uses it, against the server as `npm start`
// runs it: its example program registers a webhook (with an API key), downloads a link of the
// fixture site through POST /api/download (the site picked by the server), converts a PNG sent as
// a resumable upload, and follows both jobs to their end at /api/jobs/{id}. What comes back is
// checked with the engines, and the webhooks a local receiver got with the client's verifyWebhook.
// WEBHOOK_TEST_HOSTS lets the server reach that one local receiver.
import { openAsBlob, writeFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { checkDelivery, roundTrip } from '../../../packages/client/examples/round-trip';
import { probeFile, useSiteAndApp } from './support/download-app';
import { makeImage } from './support/media-fixtures';
import { identifyFile } from './support/media-probes';
import { until } from './support/until';
import { startWebhookReceiver } from './support/webhook-receiver';

const apiKey = 'client-round-trip-key-0123456789';
const keysFile = path.join(os.tmpdir(), `grabbit-client-keys-${process.pid}.json`);
writeFileSync(keysFile, JSON.stringify({ [apiKey]: { name: 'integrator' } }));
const receiver = await startWebhookReceiver();
const fx = useSiteAndApp({ API_KEYS_FILE: keysFile, WEBHOOK_TEST_HOSTS: receiver.host }, { listen: true });
let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'grabbit-client-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
  await rm(keysFile, { force: true });
  await receiver.close();
});

it('downloads a link, converts a resumable upload and verifies their webhooks through the typed client', async () => {
  const png = await makeImage(dir, 'photo.png');
  const { download, conversion, webhookSecret } = await roundTrip({
    baseUrl: fx.test.origin,
    link: fx.site.url('/a.mp4'),
    image: await openAsBlob(png),
    imageName: 'photo.png',
    apiKey,
    webhookUrl: receiver.url('/hooks'),
  });

  expect(download.job).toMatchObject({ kind: 'download', status: 'done', progress: 100 });
  expect(download.contentType).toBe('video/mp4');
  const video = path.join(dir, 'download.mp4');
  await writeFile(video, download.bytes);
  expect((await probeFile(video)).codecs).toEqual(['h264', 'aac']);

  expect(conversion.job).toMatchObject({ kind: 'conversion', status: 'done' });
  expect(conversion.contentType).toBe('image/jpeg');
  const jpeg = path.join(dir, 'photo.jpg');
  await writeFile(jpeg, conversion.bytes);
  expect((await identifyFile(jpeg))[0]).toMatchObject({ format: 'JPEG', width: 64, height: 48 });

  // Both jobs' job.completed arrive, each signed with the secret the registration answered.
  await until(() => receiver.to('/hooks').length >= 2, 'both webhooks delivered');
  const events = receiver
    .to('/hooks')
    .map((hook) => checkDelivery(webhookSecret ?? '', hook.body, hook.headers));
  expect(events.map((event) => event.type)).toEqual(['job.completed', 'job.completed']);
  expect(events.map((event) => event.data)).toEqual(
    expect.arrayContaining([
      expect.objectContaining({ id: download.job.id, kind: 'download' }),
      expect.objectContaining({ id: conversion.job.id, kind: 'conversion' }),
    ]),
  );
  const [first] = receiver.to('/hooks');
  expect(() => checkDelivery(webhookSecret ?? '', `${first?.body ?? ''} `, first?.headers ?? {})).toThrow();
});
