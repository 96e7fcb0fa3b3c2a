// Scaled mode without a bucket: uploads wait for their worker in the shared DATA_DIR/uploads and
// results stay under DATA_DIR/results. An app on a real redis-server (its own worker in-process,
// as `npm start` runs one) answers a conversion with its file and a respond-async job with its
// result link, and leaves no upload folder behind.
import { conversionJobPath, type ConversionJob } from '@grabbit/contracts';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoUploadsSoon, postConversion } from './support/convert-app';
import { makeImage, makeVideo } from './support/media-fixtures';
import { startRedis, type TestRedis } from './support/redis-server';
import { startTestApp, type TestApp } from './support/test-app';
import { until } from './support/until';

let redis: TestRedis;
let server: TestApp;
let dir: string;

beforeAll(async () => {
  redis = await startRedis();
  dir = await mkdtemp(path.join(os.tmpdir(), 'grabbit-shared-disk-'));
  server = await startTestApp({
    REDIS_URL: redis.url,
    REDIS_PREFIX: 'shared-disk',
    S3_BUCKET: '',
    CONVERT_SYNC_WAIT_SECONDS: '0.001',
  });
});

afterAll(async () => {
  await server?.close();
  await redis?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('scaled mode conversions on a shared disk', () => {
  it('answers the converted file and removes the upload folder', async () => {
    const png = await makeImage(dir, 'shot.png');
    const response = await postConversion(server.app, 'image', png, 'jpg');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/jpeg');
    expect(response.rawPayload.subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
    await expectNoUploadsSoon(server.dataDir);
  });

  it('continues a respond-async conversion as a job whose result downloads', async () => {
    const clip = await makeVideo(dir, 'clip.mp4', { seconds: 2 });
    const accepted = await postConversion(server.app, 'video', clip, 'webm', {
      headers: { prefer: 'respond-async' },
    });
    expect(accepted.statusCode).toBe(202);
    let job: ConversionJob | undefined;
    await until(
      async () => {
        job = (
          await server.app.inject({ url: conversionJobPath(accepted.json<ConversionJob>().jobId) })
        ).json();
        return job?.status !== 'converting';
      },
      'job to end',
      60_000,
    );
    expect(job?.status).toBe('completed');
    const result = await server.app.inject({ url: job?.downloadUrl ?? '' });
    expect(result.statusCode).toBe(200);
    expect(result.headers['content-type']).toBe('video/webm');
    await expectNoUploadsSoon(server.dataDir);
  });
});
