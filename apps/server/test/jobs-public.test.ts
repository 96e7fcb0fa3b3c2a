// The one public job through the real API: a download, a batch and a conversion read at
// GET /api/jobs/{id} with the same fields (result link and expiry once done, the conversion's
// progress from its record while it runs), with ETags (If-None-Match answers 304), only for
// their owner; GET /api/jobs lists the caller's own jobs newest first, by cursor and filter; and
// POST /api/download picks the site of any supported link by its host.
import { platforms } from '@grabbit/catalog';
import { jobPath, respondAsyncAtOnce, type DownloadTask, type Job, type JobList } from '@grabbit/contracts';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postConversion } from './support/convert-app';
import { useSiteAndApp } from './support/download-app';
import { makeLongVideo } from './support/media-fixtures';
import { until } from './support/until';

const fx = useSiteAndApp();
let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'grabbit-jobs-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const other = { remoteAddress: '10.9.8.7' };

const post = (url: string, payload: object) => fx.test.app.inject({ method: 'POST', url, payload });
const readJob = (id: string, extra: { headers?: Record<string, string>; remoteAddress?: string } = {}) =>
  fx.test.app.inject({ url: jobPath(id), ...extra });

async function endedJob(id: string, seen: (job: Job) => void = () => {}): Promise<Job> {
  let job: Job | undefined;
  await until(
    async () => {
      job = (await readJob(id)).json<Job>();
      seen(job);
      return job.status !== 'queued' && job.status !== 'running';
    },
    `job ${id} ended`,
    150_000,
  );
  return job as Job;
}

describe('GET /api/jobs/{id}', () => {
  it('answers a download with its result link and expiry, with an ETag, to its owner only', async () => {
    const started = await post('/api/download', { url: fx.site.url('/a.mp4') });
    expect(started.statusCode).toBe(200);
    const { taskId } = started.json<{ taskId: string }>();
    const job = await endedJob(taskId);
    const task = (await fx.test.app.inject({ url: `/api/download/task/${taskId}` })).json<DownloadTask>();
    expect(job).toMatchObject({ id: taskId, kind: 'download', status: 'done', progress: 100 });
    expect(job.result?.url).toBe(task.downloadUrl);
    expect(Date.parse(job.result?.expiresAt ?? '')).toBeGreaterThan(Date.now());
    expect(job.result?.bytes).toBe(task.fileSize);
    expect(Date.parse(job.createdAt)).toBeLessThanOrEqual(Date.parse(job.updatedAt));

    const read = await readJob(taskId);
    const etag = read.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);
    const unchanged = await readJob(taskId, { headers: { 'if-none-match': etag } });
    expect(unchanged.statusCode).toBe(304);
    expect(unchanged.body).toBe('');
    expect((await readJob(taskId, { headers: { 'if-none-match': '"other"' } })).statusCode).toBe(200);

    const stranger = await readJob(taskId, other);
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json()).toMatchObject({ code: 'JOB_NOT_FOUND' });
    expect((await readJob('no-such-job')).json()).toMatchObject({ code: 'JOB_NOT_FOUND' });
  }, 180_000);

  it('answers a batch with its zip as the result', async () => {
    const started = await post('/api/download/playlist', {
      items: [fx.site.url('/a.mp4?item=1'), fx.site.url('/a.mp4?item=2')],
      outputFormat: 'mp4',
      title: 'Two',
    });
    expect(started.statusCode).toBe(200);
    const { batchId } = started.json<{ batchId: string }>();
    const job = await endedJob(batchId);
    expect(job).toMatchObject({ id: batchId, kind: 'batch', status: 'done', progress: 100 });
    expect(job.result?.url).toBe(`/api/download/playlist/${batchId}/download`);
    expect(Date.parse(job.result?.expiresAt ?? '')).toBeGreaterThan(Date.now());
    const zip = await fx.test.app.inject({ url: job.result?.url ?? '' });
    expect(zip.statusCode).toBe(200);
  }, 180_000);

  it('answers a conversion with the progress its record holds while it runs, then its result', async () => {
    const clip = await makeLongVideo(dir, 'long.mp4', { seconds: 12, width: 320, height: 240 });
    const response = await postConversion(fx.test.app, 'video', clip, 'webm', {
      headers: { [respondAsyncAtOnce.name]: respondAsyncAtOnce.value },
    });
    expect(response.statusCode).toBe(202);
    const { jobId } = response.json<{ jobId: string }>();
    const progress: number[] = [];
    const job = await endedJob(jobId, (seen) => {
      if (seen.status === 'running') progress.push(seen.progress);
    });
    // Without the record's progress a running conversion reads 0 until its end.
    expect(progress.some((percent) => percent > 0 && percent < 100)).toBe(true);
    expect(job).toMatchObject({ kind: 'conversion', status: 'done', progress: 100, stage: 'completed' });
    expect(job.result?.url).toMatch(/^\/api\/convert\/result\//);
    expect((await fx.test.app.inject({ url: job.result?.url ?? '' })).statusCode).toBe(200);
  }, 180_000);
});

describe('GET /api/jobs', () => {
  it("lists the caller's own jobs newest first, a page at a time, filtered by kind and status", async () => {
    const all = (await fx.test.app.inject({ url: '/api/jobs?limit=100' })).json<JobList>();
    expect(all.jobs.length).toBeGreaterThanOrEqual(4);
    const times = all.jobs.map((job) => Date.parse(job.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(all.jobs.map((job) => job.kind)).toEqual(
      expect.arrayContaining(['download', 'batch', 'conversion']),
    );

    const ids: string[] = [];
    let cursor: string | undefined;
    do {
      const url = `/api/jobs?limit=2${cursor ? `&cursor=${cursor}` : ''}`;
      const page = (await fx.test.app.inject({ url })).json<JobList>();
      expect(page.jobs.length).toBeLessThanOrEqual(2);
      ids.push(...page.jobs.map((job) => job.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(ids).toEqual(all.jobs.map((job) => job.id));

    const batches = (await fx.test.app.inject({ url: '/api/jobs?kind=batch&status=done' })).json<JobList>();
    expect(batches.jobs.length).toBeGreaterThan(0);
    expect(batches.jobs.every((job) => job.kind === 'batch' && job.status === 'done')).toBe(true);
    expect((await fx.test.app.inject({ url: '/api/jobs?status=cancelled&kind=conversion' })).json()).toEqual({
      jobs: [],
    });
    expect((await fx.test.app.inject({ url: '/api/jobs', ...other })).json()).toEqual({ jobs: [] });
    const bad = await fx.test.app.inject({ url: '/api/jobs?cursor=nonsense' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
  });
});

describe('POST /api/download with any link', () => {
  it("routes a link of each of the 14 sites to that site's download", async () => {
    expect(platforms).toHaveLength(14);
    for (const platform of platforms) {
      const url = `https://www.${platform.hosts[0]}/videos/12345`;
      const started = await post('/api/download', { url });
      expect(started.statusCode, `${platform.id}: ${started.body}`).toBe(200);
      const { taskId } = started.json<{ taskId: string }>();
      // The sites are not reachable from the tests: the job is cancelled at once.
      const cancelled = await fx.test.app.inject({ method: 'DELETE', url: jobPath(taskId) });
      expect([200, 409]).toContain(cancelled.statusCode);
      const task = (await fx.test.app.inject({ url: `/api/download/task/${taskId}` })).json<DownloadTask>();
      expect(task.platform).toBe(platform.id);
    }
  });

  it('refuses a link of no supported site with 400, naming the supported sites', async () => {
    const refused = await post('/api/download', { url: 'https://example.org/video/1' });
    expect(refused.statusCode).toBe(400);
    const body = refused.json<{ code: string; error: string }>();
    expect(body.code).toBe('UNSUPPORTED_URL');
    for (const platform of platforms) expect(body.error).toContain(platform.name);
  });
});
