// Safe retries through the real API: a start repeated with the same Idempotency-Key and body
// answers the first job again (no second job, no job start spent: the per-minute budget here is
// one), also when the first call's connection was cut before its answer; the same key with
// another body is 422 IDEMPOTENCY_KEY_REUSED; another client's key is its own.
import { jobPath, type JobList } from '@grabbit/contracts';
import { request as httpRequest } from 'node:http';
import { describe, expect, it } from 'vitest';
import { useSiteAndApp } from './support/download-app';
import { until } from './support/until';

const fx = useSiteAndApp({ RATE_LIMIT_JOBS_PER_MINUTE: '2' }, { listen: true });

const start = (key: string, url: string, remoteAddress?: string) =>
  fx.test.app.inject({
    method: 'POST',
    url: '/api/download',
    headers: { 'idempotency-key': key },
    payload: { url, format: 'mp4' },
    ...(remoteAddress ? { remoteAddress } : {}),
  });

const downloads = async () =>
  (await fx.test.app.inject({ url: '/api/jobs?kind=download&limit=100' })).json<JobList>().jobs;

describe('Idempotency-Key', () => {
  it('answers the first job again for the same key and body, and refuses another body', async () => {
    const first = await start('key-1', fx.site.url('/a.mp4'));
    expect(first.statusCode).toBe(200);
    const { taskId } = first.json<{ taskId: string }>();
    for (let retry = 0; retry < 3; retry += 1) {
      const again = await start('key-1', fx.site.url('/a.mp4'));
      expect(again.statusCode).toBe(200);
      expect(again.json()).toEqual(first.json());
    }
    expect((await downloads()).map((job) => job.id)).toEqual([taskId]);
    const reused = await start('key-1', fx.site.url('/a.mp4?other'));
    expect(reused.statusCode).toBe(422);
    expect(reused.json()).toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED' });
    // Another client's key of the same name is its own.
    const stranger = await start('key-1', fx.site.url('/a.mp4'), '10.4.4.4');
    expect(stranger.statusCode).toBe(200);
    expect(stranger.json<{ taskId: string }>().taskId).not.toBe(taskId);
  });

  it('gives one job when a start is repeated after its connection was cut', async () => {
    const body = JSON.stringify({ url: fx.site.url('/b.webm'), format: 'mp4' });
    // The first call is sent whole and its connection cut, its answer never read, once its job is
    // made (a client that lost its connection cannot know whether the call got through).
    const sent = httpRequest(`${fx.test.origin}/api/download`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': 'cut-1' },
    });
    sent.on('error', () => undefined);
    sent.end(body);
    await until(async () => (await downloads()).length === 2, 'the first call made its job', 30_000);
    sent.destroy();
    const retried = await fetch(`${fx.test.origin}/api/download`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': 'cut-1' },
      body,
    });
    expect(retried.status).toBe(200);
    const { taskId } = (await retried.json()) as { taskId: string };
    const jobs = await downloads();
    expect(jobs).toHaveLength(2);
    expect(jobs.map((job) => job.id)).toContain(taskId);
    expect((await fx.test.app.inject({ url: jobPath(taskId) })).statusCode).toBe(200);
    // The budget of two starts a minute is spent (key-1 and cut-1): a new key is refused.
    expect((await start('key-2', fx.site.url('/a.mp4'))).json()).toMatchObject({ code: 'RATE_LIMITED' });
  });
});
