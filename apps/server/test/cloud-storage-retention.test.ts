// Cloud storage over time, with the app's clock moved forward: private links stop at their expiry
// and can be asked for again, an object is gone after its retention (also across a restart),
// retention is clamped to the operator's maximum, an expired result cannot be kept, and with the
// feature off every call answers 404 FEATURE_DISABLED.
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import * as cloud from './support/cloud-app';
import { startTestApp, useSiteAndApp } from './support/download-app';

const clock = new cloud.TestClock();
const ctx = useSiteAndApp(cloud.cloudOn, { now: clock.now });
const hour = 3600;

describe('cloud storage: links and retention over time', () => {
  it('stops a private link after its hour; the status of the key gives a fresh one', async () => {
    const answer = cloud.stored(
      await cloud.keepDownload(ctx.test.app, ctx.site.url('/a.mp4'), { retentionHours: 48 }),
    );
    expect(answer.retentionHours).toBe(48);
    expect(Date.parse(answer.linkExpiresAt) - clock.now()).toBeLessThanOrEqual(hour * 1000);
    expect((await cloud.fetchLink(ctx.test.app, answer.downloadUrl)).statusCode).toBe(200);
    clock.advance(hour + 1);
    const stale = await cloud.fetchLink(ctx.test.app, answer.downloadUrl);
    expect(stale.statusCode).toBe(403);
    expect(stale.json()).toMatchObject({ code: 'CLOUD_LINK_EXPIRED' });
    const status = await cloud.cloudStatus(ctx.test.app, answer.fileKey);
    expect(status.file?.fileKey).toBe(answer.fileKey);
    expect(status.file?.downloadUrl).not.toBe(answer.downloadUrl);
    expect((await cloud.fetchLink(ctx.test.app, status.file?.downloadUrl ?? '')).statusCode).toBe(200);
  }, 120_000);

  it('deletes an object with retentionHours 1 after exactly its hour', async () => {
    const answer = cloud.stored(
      await cloud.keepDownload(ctx.test.app, ctx.site.url('/a.mp4'), { retentionHours: 1, makePublic: true }),
    );
    expect(Date.parse(answer.expiresAt) - clock.now()).toBeGreaterThan(hour * 1000 - 5000);
    clock.advance(hour - 5);
    expect((await cloud.fetchLink(ctx.test.app, answer.downloadUrl)).statusCode).toBe(200);
    clock.advance(6);
    const gone = await cloud.fetchLink(ctx.test.app, answer.downloadUrl);
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toMatchObject({ code: 'CLOUD_FILE_NOT_FOUND' });
    expect(readdirSync(path.join(ctx.test.dataDir, 'cloud'))).not.toContain(answer.fileKey);
    const status = await ctx.test.app.inject({
      method: 'GET',
      url: `/api/cloudstorage/status?fileKey=${answer.fileKey}`,
    });
    expect(status.statusCode).toBe(404);
    expect(status.json()).toMatchObject({ code: 'CLOUD_FILE_NOT_FOUND' });
  }, 120_000);

  it('clamps retentionHours 100000 to the operator maximum', async () => {
    const task = cloud.stored(
      await cloud.keepDownload(ctx.test.app, ctx.site.url('/a.mp4'), { retentionHours: 100000 }),
    );
    expect(task.retentionHours).toBe(168);
    const expires = Date.parse(task.expiresAt) - clock.now();
    expect(expires).toBeLessThanOrEqual(168 * hour * 1000);
    expect(expires).toBeGreaterThan(168 * hour * 1000 - 60_000);
  }, 120_000);

  it('refuses to keep an expired result and reads nothing', async () => {
    const answer = cloud.stored(await cloud.keepDownload(ctx.test.app, ctx.site.url('/a.mp4')));
    const resultUrl = (await cloud.taskState(ctx.test.app, answer.taskId ?? '')).downloadUrl ?? '';
    const metaFile = path.join(ctx.test.dataDir, 'results', resultUrl.split('/').pop() ?? '', 'meta.json');
    const meta = JSON.parse(readFileSync(metaFile, 'utf8')) as { expiresAt: number };
    writeFileSync(metaFile, JSON.stringify({ ...meta, expiresAt: Date.now() - 1 }));
    const before = (await cloud.cloudStatus(ctx.test.app)).usage;
    const refused = await cloud.uploadResult(ctx.test.app, resultUrl);
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toMatchObject({ code: 'FILE_EXPIRED' });
    expect((await cloud.cloudStatus(ctx.test.app)).usage).toEqual(before);
  }, 120_000);
});

describe('cloud storage across a restart', () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'grabbit-cloud-restart-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('removes an object whose hour passed while the server was down; links stay signed alike', async () => {
    const env = { ...cloud.cloudOn, MEDIA_TEST_HOSTS: ctx.site.host };
    const restartClock = new cloud.TestClock();
    const first = await startTestApp(env, { dataDir, now: restartClock.now });
    const short = cloud.stored(
      await cloud.keepDownload(first.app, ctx.site.url('/a.mp4'), { retentionHours: 1 }),
    );
    const shortResult = (await cloud.taskState(first.app, short.taskId ?? '')).downloadUrl ?? '';
    const long = cloud.stored(await cloud.uploadResult(first.app, shortResult));
    await first.close();

    restartClock.advance(hour + 1);
    const second = await startTestApp(env, { dataDir, now: restartClock.now });
    try {
      // Swept at start-up: gone from the folder before anyone asks.
      const objects = readdirSync(path.join(dataDir, 'cloud'));
      expect(objects).not.toContain(short.fileKey);
      expect(objects).toContain(long.fileKey);
      expect((await cloud.fetchLink(second.app, short.downloadUrl)).statusCode).toBe(404);
      // The signing secret survived: a fresh link from the status works, and the old one had expired.
      expect((await cloud.fetchLink(second.app, long.downloadUrl)).statusCode).toBe(403);
      const status = await cloud.cloudStatus(second.app, long.fileKey);
      expect(status.usage.objects).toBe(1);
      expect((await cloud.fetchLink(second.app, status.file?.downloadUrl ?? '')).statusCode).toBe(200);
    } finally {
      await second.close();
    }
  }, 120_000);
});

describe('cloud storage switched off', () => {
  const off = useSiteAndApp({ FEATURE_CLOUD_STORAGE: 'false' });

  it('answers every call with 404 FEATURE_DISABLED and says so in the page config', async () => {
    const calls = [
      {
        method: 'POST',
        url: '/api/cloudstorage/download-and-upload',
        payload: { url: 'https://youtu.be/x' },
      },
      { method: 'POST', url: '/api/cloudstorage/upload', payload: { filePath: 'x' } },
      { method: 'GET', url: '/api/cloudstorage/status' },
      { method: 'DELETE', url: '/api/cloudstorage/delete/abc' },
      { method: 'GET', url: '/api/cloudstorage/files/abc' },
    ] as const;
    for (const call of calls) {
      const answer = await off.test.app.inject(call);
      expect(answer.statusCode, call.url).toBe(404);
      expect(answer.json(), call.url).toMatchObject({ success: false, code: 'FEATURE_DISABLED' });
    }
    // Only the cloud routes themselves: any other path is the usual unknown route.
    const unknown = await off.test.app.inject({ method: 'GET', url: '/api/cloudstorage/elsewhere' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
    const config = (await off.test.app.inject({ method: 'GET', url: '/api/config' })).json();
    expect(config.features.cloudStorage).toBe(false);
    expect(readdirSync(off.test.dataDir)).not.toContain('cloud');
  });
});
