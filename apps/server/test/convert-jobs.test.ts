// Long conversions: a client that sends `Prefer: respond-async` gets a job once the conversion
// outlasts CONVERT_SYNC_WAIT_SECONDS (tiny here); the job finishes, its result downloads from the
// result store. Clients that send nothing still wait for the file.
import { conversionJobPath, type ConversionJob } from '@grabbit/contracts';
import { describe, expect, it } from 'vitest';
import { makeVideo } from './support/media-fixtures';
import { probeFile } from './support/media-probes';
import {
  expectNoUploadsSoon,
  finishedJob,
  postConversion,
  saveFile,
  useConvertApp,
} from './support/convert-app';

const ctx = useConvertApp('jobs', { CONVERT_SYNC_WAIT_SECONDS: '0.001' });
const respondAsync = { prefer: 'respond-async' };

describe('conversions over the wait bound', () => {
  it('continue as a job whose result downloads', async () => {
    const clip = await makeVideo(ctx.dir, 'slow.mp4', { seconds: 3, width: 320, height: 240 });
    const response = await postConversion(ctx.server.app, 'video', clip, 'webm', {
      headers: respondAsync,
      name: 'Holiday clip.mp4',
    });
    expect(response.statusCode).toBe(202);
    const accepted = response.json<ConversionJob>();
    expect(accepted).toMatchObject({ status: 'converting', statusUrl: conversionJobPath(accepted.jobId) });
    const job = await finishedJob(ctx.server.app, accepted.jobId);
    expect(job).toMatchObject({ status: 'completed', fileName: 'Holiday clip.webm' });
    expect(job.downloadUrl).toMatch(/^\/api\/convert\/result\//);
    const result = await ctx.server.app.inject({ url: job.downloadUrl ?? '' });
    expect(result.statusCode).toBe(200);
    expect(result.headers['content-type']).toBe('video/webm');
    const probe = await probeFile(await saveFile(ctx.dir, 'job.webm', result.rawPayload));
    expect(probe.streams.map((s) => s.codec_name).sort()).toEqual(['opus', 'vp9']);
    expect(probe.duration).toBeGreaterThan(2.5);
    await expectNoUploadsSoon(ctx.server.dataDir);
  });

  it('report a failure in the job status', async () => {
    const clip = await makeVideo(ctx.dir, 'cut.mp4', { seconds: 1 });
    // A cut after the end is found once the file is probed: the job fails with a clear message.
    const response = await postConversion(ctx.server.app, 'video', clip, 'webm', {
      headers: respondAsync,
      fields: { StartTime: '50', EndTime: '60' },
    });
    expect(response.statusCode).toBe(202);
    const job = await finishedJob(ctx.server.app, response.json<ConversionJob>().jobId);
    expect(job).toMatchObject({ status: 'failed', code: 'VALIDATION_FAILED' });
    expect(job.error).toMatch(/^StartTime must be before the end of the file/);
  });

  it('answer the file directly to clients that did not ask for a job', async () => {
    const clip = await makeVideo(ctx.dir, 'sync.mp4', { seconds: 2 });
    const response = await postConversion(ctx.server.app, 'video', clip, 'webm');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('video/webm');
  });

  it('answer 404 for an unknown job and an unknown result', async () => {
    expect((await ctx.server.app.inject({ url: conversionJobPath('nope') })).statusCode).toBe(404);
    const missing = await ctx.server.app.inject({ url: '/api/convert/result/AAAAAAAAAAAAAAAAAAAAAA' });
    expect(missing.json().code).toBe('FILE_EXPIRED');
  });
});
