// DELETE /api/jobs/{id} through the real API: a running download's yt-dlp and a running
// conversion's ffmpeg are gone, their files removed, the client's one running-job slot free again
// at once, and the job ends cancelled with JOB_CANCELLED (the kind's own calls say so too); a
// batch cancels its items; a job that has ended is 409 JOB_ALREADY_ENDED; another client's is 404.
import {
  jobPath,
  respondAsyncAtOnce,
  type BatchStatus,
  type DownloadTask,
  type Job,
} from '@grabbit/contracts';
import { execFileSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leftoverUploads, postConversion } from './support/convert-app';
import { jobFolders, useSiteAndApp } from './support/download-app';
import { makeLongVideo } from './support/media-fixtures';
import { until } from './support/until';

// One running job per client: a slot not given back refuses the next start.
const fx = useSiteAndApp({ MAX_ACTIVE_JOBS_PER_CLIENT: '1' });
let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'grabbit-cancel-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** The engine processes working in this server's data folder. */
const engines = () =>
  execFileSync('ps', ['-eo', 'args'], { encoding: 'utf8' })
    .split('\n')
    .filter((line) => line.includes(fx.test.dataDir));
const engineRuns = () => engines().length > 0;

/** Waits until no engine works in the data folder; names those left when they stay. */
async function enginesGone(what: string): Promise<void> {
  await until(() => !engineRuns(), what, 15_000).catch((error: unknown) => {
    throw new Error(`${String(error)}\n${engines().join('\n')}`);
  });
}
const readJob = async (id: string) => (await fx.test.app.inject({ url: jobPath(id) })).json<Job>();
const cancel = (id: string, remoteAddress?: string) =>
  fx.test.app.inject({ method: 'DELETE', url: jobPath(id), ...(remoteAddress ? { remoteAddress } : {}) });
const startSlow = () =>
  fx.test.app.inject({
    method: 'POST',
    url: '/api/download/reddit',
    payload: { url: fx.site.url('/slow/a.mp4') },
  });

describe('DELETE /api/jobs/{id}', () => {
  it("stops a running download's engine, removes its folder and frees its slot", async () => {
    const started = await startSlow();
    expect(started.statusCode).toBe(200);
    const { taskId } = started.json<{ taskId: string }>();
    await until(engineRuns, 'yt-dlp running');
    expect((await startSlow()).json()).toMatchObject({ code: 'TOO_MANY_ACTIVE_JOBS' });

    expect((await cancel(taskId, '10.1.2.3')).json()).toMatchObject({ code: 'JOB_NOT_FOUND' });
    const cancelled = await cancel(taskId);
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json<Job>()).toMatchObject({
      id: taskId,
      status: 'cancelled',
      error: { code: 'JOB_CANCELLED' },
    });
    await enginesGone('yt-dlp gone');
    await until(() => jobFolders(fx.test.dataDir).length === 0, 'job folder removed', 10_000);
    const task = (await fx.test.app.inject({ url: `/api/download/task/${taskId}` })).json<DownloadTask>();
    expect(task).toMatchObject({ status: 'error', errorCode: 'JOB_CANCELLED' });
    expect(await readJob(taskId)).toMatchObject({ status: 'cancelled' });
    expect((await cancel(taskId)).json()).toMatchObject({ code: 'JOB_ALREADY_ENDED' });

    // The slot is free: the next start is taken, and cancelled in turn.
    const next = await startSlow();
    expect(next.statusCode).toBe(200);
    expect((await cancel(next.json<{ taskId: string }>().taskId)).statusCode).toBe(200);
    await enginesGone('yt-dlp gone');
  });

  it("stops a running conversion's ffmpeg and removes its upload", async () => {
    const clip = await makeLongVideo(dir, 'long.mp4', { seconds: 120, width: 640, height: 480 });
    const response = await postConversion(fx.test.app, 'video', clip, 'webm', {
      headers: { [respondAsyncAtOnce.name]: respondAsyncAtOnce.value },
    });
    expect(response.statusCode).toBe(202);
    const { jobId } = response.json<{ jobId: string }>();
    await until(async () => (await readJob(jobId)).status === 'running' && engineRuns(), 'ffmpeg running');
    expect((await cancel(jobId)).json<Job>()).toMatchObject({ status: 'cancelled' });
    await enginesGone('ffmpeg gone');
    await until(async () => (await leftoverUploads(fx.test.dataDir)).length === 0, 'upload removed', 10_000);
    const job = (await fx.test.app.inject({ url: `/api/convert/jobs/${jobId}` })).json();
    expect(job).toMatchObject({ status: 'failed', code: 'JOB_CANCELLED' });
  });

  it('cancels a batch with its items', async () => {
    const started = await fx.test.app.inject({
      method: 'POST',
      url: '/api/download/playlist',
      payload: {
        items: [fx.site.url('/slow/a.mp4?i=1'), fx.site.url('/slow/a.mp4?i=2')],
        outputFormat: 'mp4',
      },
    });
    expect(started.statusCode).toBe(200);
    const { batchId } = started.json<{ batchId: string }>();
    await until(engineRuns, 'an item downloading');
    expect((await cancel(batchId)).json<Job>()).toMatchObject({ kind: 'batch', status: 'cancelled' });
    await enginesGone('items stopped');
    const status = (
      await fx.test.app.inject({ url: `/api/download/playlist/${batchId}/status` })
    ).json<BatchStatus>();
    for (const item of status.items)
      expect(await readJob(item.taskId)).toMatchObject({ status: 'cancelled' });
    await until(() => jobFolders(fx.test.dataDir).length === 0, 'job folders removed', 10_000);
  });
});
