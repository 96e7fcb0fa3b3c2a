// `Prefer: respond-async, wait=0` (what the converter page sends): the job comes back as soon as
// the conversion is queued, however short it is, so the page knows its id from the start; the
// conversion is then found by that id (as after a reload) and its result downloads. The server's
// own wait stays the longest: a client's longer wait changes nothing.
import { conversionJobPath, respondAsyncAtOnce, type ConversionJob } from '@grabbit/contracts';
import { describe, expect, it } from 'vitest';
import { makeImage } from './support/media-fixtures';
import { finishedJob, postConversion, useConvertApp } from './support/convert-app';

const ctx = useConvertApp('wait-preference');
const prefer = (value: string) => ({ [respondAsyncAtOnce.name.toLowerCase()]: value });

describe('the wait preference', () => {
  it('wait=0 answers the job of a quick conversion at once; its result downloads by id', async () => {
    const image = await makeImage(ctx.dir, 'tiny.png', { width: 8, height: 8 });
    const response = await postConversion(ctx.server.app, 'image', image, 'jpg', {
      headers: prefer(respondAsyncAtOnce.value),
    });
    expect(response.statusCode).toBe(202);
    const accepted = response.json<ConversionJob>();
    expect(accepted.statusUrl).toBe(conversionJobPath(accepted.jobId));
    const job = await finishedJob(ctx.server.app, accepted.jobId);
    expect(job).toMatchObject({ status: 'completed', fileName: 'tiny.jpg' });
    const result = await ctx.server.app.inject({ url: job.downloadUrl ?? '' });
    expect(result.statusCode).toBe(200);
    expect(result.headers['content-type']).toBe('image/jpeg');
    // Kept for its owner: a second read (a save after a reload) gets the same file.
    const again = await ctx.server.app.inject({ url: job.downloadUrl ?? '' });
    expect(again.rawPayload.equals(result.rawPayload)).toBe(true);
  });

  it("a wait longer than the server's, or none, still answers a quick conversion's file", async () => {
    const image = await makeImage(ctx.dir, 'quick.png', { width: 8, height: 8 });
    for (const value of ['respond-async, wait=600', 'respond-async']) {
      const response = await postConversion(ctx.server.app, 'image', image, 'jpg', {
        headers: prefer(value),
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('image/jpeg');
    }
  });
});
