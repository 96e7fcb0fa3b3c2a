// Cancelling in scaled mode: the API process (npm start, no worker of its own) takes the
// DELETE, and the worker process running the job (npm run worker) stops its yt-dlp, told through
// Redis; the job ends cancelled and its folder on the shared disk is removed.
import { jobPath, type Job } from '@grabbit/contracts';
import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobFolders } from './support/download-app';
import type { ApiProcess } from './support/scaled-processes';
import { startScaledStack, type ScaledStack } from './support/scaled-stack';
import { until } from './support/until';

let stack: ScaledStack;
let api: ApiProcess;

beforeAll(async () => {
  stack = await startScaledStack();
  [api] = await Promise.all([stack.api('api'), stack.worker('worker')]);
}, 120_000);

afterAll(async () => {
  await stack?.close();
});

const engineRuns = () =>
  execFileSync('ps', ['-eo', 'args'], { encoding: 'utf8' }).includes(`${stack.dataDir}/jobs/`);

describe('scaled mode: cancel', () => {
  it('stops the job on the worker that runs it, told through Redis', async () => {
    const started = await fetch(`${api.origin}/api/download`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ url: stack.site.url('/slow/a.mp4'), format: 'mp4' }),
    });
    expect(started.status).toBe(200);
    const { taskId } = (await started.json()) as { taskId: string };
    await until(engineRuns, "the worker's yt-dlp running", 30_000);
    const cancelled = await fetch(`${api.origin}${jobPath(taskId)}`, { method: 'DELETE' });
    expect(cancelled.status).toBe(200);
    expect(((await cancelled.json()) as Job).status).toBe('cancelled');
    await until(() => !engineRuns(), "the worker's yt-dlp gone", 15_000);
    await until(() => jobFolders(stack.dataDir).length === 0, 'job folder removed', 15_000);
    const job = (await (await fetch(`${api.origin}${jobPath(taskId)}`)).json()) as Job;
    expect(job).toMatchObject({ status: 'cancelled', error: { code: 'JOB_CANCELLED' } });
  });
});
