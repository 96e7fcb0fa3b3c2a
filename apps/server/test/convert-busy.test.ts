// The converter's bounds in embedded mode: CONVERT_CONCURRENCY conversions run, CONVERT_QUEUE_LIMIT
// wait on the job runner, and one more is refused with 503 BUSY (the converter's own words, no
// Retry-After), leaving no upload behind; the accepted ones still finish.
import { conversionJobPath, type ConversionJob } from '@grabbit/contracts';
import { expect, it } from 'vitest';
import { makeVideo } from './support/media-fixtures';
import { expectNoUploadsSoon, postConversion, useConvertApp } from './support/convert-app';

const ctx = useConvertApp('busy', {
  CONVERT_CONCURRENCY: '1',
  CONVERT_QUEUE_LIMIT: '1',
  CONVERT_SYNC_WAIT_SECONDS: '0.001',
});
const respondAsync = { prefer: 'respond-async' };

async function ended(jobId: string): Promise<ConversionJob> {
  const end = Date.now() + 60_000;
  for (;;) {
    const job = (await ctx.server.app.inject({ url: conversionJobPath(jobId) })).json<ConversionJob>();
    if (job.status !== 'converting' || Date.now() > end) return job;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

it('runs one, queues one and refuses the next with 503 BUSY', async () => {
  const clip = await makeVideo(ctx.dir, 'long.mp4', { seconds: 12, width: 640, height: 360 });
  const post = () => postConversion(ctx.server.app, 'video', clip, 'webm', { headers: respondAsync });
  const running = await post();
  const waiting = await post();
  expect([running.statusCode, waiting.statusCode]).toEqual([202, 202]);
  const refused = await post();
  expect(refused.statusCode).toBe(503);
  expect(refused.json()).toMatchObject({
    code: 'BUSY',
    error: 'The converter is busy right now. Please try again in a minute.',
  });
  expect(refused.headers['retry-after']).toBeUndefined();
  for (const accepted of [running, waiting])
    expect(await ended(accepted.json<ConversionJob>().jobId)).toMatchObject({ status: 'completed' });
  await expectNoUploadsSoon(ctx.server.dataDir);
});
