// The typed client (packages/client) as an integrator uses it, against the server as `npm start`
// runs it: its example program downloads a link of the fixture site through POST /api/download
// (the site picked by the server), converts a PNG sent as a resumable upload, and follows both
// jobs to their end at /api/jobs/{id}. What comes back is checked with the engines.
import { openAsBlob } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { roundTrip } from '../../../packages/client/examples/round-trip';
import { probeFile, useSiteAndApp } from './support/download-app';
import { makeImage } from './support/media-fixtures';
import { identifyFile } from './support/media-probes';

const fx = useSiteAndApp({}, { listen: true });
let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'grabbit-client-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

it('downloads a link and converts a resumable upload through the typed client', async () => {
  const png = await makeImage(dir, 'photo.png');
  const { download, conversion } = await roundTrip({
    baseUrl: fx.test.origin,
    link: fx.site.url('/a.mp4'),
    image: await openAsBlob(png),
    imageName: 'photo.png',
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
});
