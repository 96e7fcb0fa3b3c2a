// Cloud storage's owner rules through the real API: a link names its file by an opaque id that can
// neither mint a fresh link nor delete the file (the file key, the owner's handle, is answered
// only to whoever stored it); keeping one result again gives the same copy back; each client has
// a daily quota (CLOUD_MAX_FILES_PER_CLIENT); links never take their host from the Host header.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { cloudOn, fetchLink, stored, uploadResult } from './support/cloud-app';
import { useSiteAndApp, waitForTask } from './support/download-app';

const ctx = useSiteAndApp({
  ...cloudOn,
  CLOUD_MAX_FILES_PER_CLIENT: '2',
  CORS_ORIGINS: 'http://listed.example',
});

const bucketObjects = () =>
  readdirSync(path.join(ctx.test.dataDir, 'cloud')).filter((name) => !name.startsWith('.'));

let resultUrl: string;
beforeAll(async () => {
  const started = await ctx.test.app.inject({
    method: 'POST',
    url: '/api/download/youtube',
    payload: { url: ctx.site.url('/a.mp4') },
  });
  const task = await waitForTask(ctx.test.app, started.json<{ taskId: string }>().taskId);
  resultUrl = task.downloadUrl ?? '';
  expect(resultUrl).not.toBe('');
}, 120_000);

describe('private links', () => {
  it('what a link carries mints no new link and deletes nothing', async () => {
    const kept = stored(await uploadResult(ctx.test.app, resultUrl, { customKey: 'link-test' }, '10.1.0.1'));
    const link = new URL(kept.downloadUrl, 'http://localhost');
    expect(kept.downloadUrl).not.toContain(kept.fileKey.slice(0, 22));
    const carried = [decodeURIComponent(link.pathname.split('/').pop() ?? ''), ...link.searchParams.values()];
    for (const part of carried) {
      const status = await ctx.test.app.inject({
        method: 'GET',
        url: `/api/cloudstorage/status?fileKey=${encodeURIComponent(part)}`,
      });
      expect(status.statusCode, part).toBe(404);
      const deleted = await ctx.test.app.inject({
        method: 'DELETE',
        url: `/api/cloudstorage/delete/${encodeURIComponent(part)}`,
      });
      expect(deleted.statusCode, part).toBe(404);
    }
    expect((await fetchLink(ctx.test.app, kept.downloadUrl)).statusCode).toBe(200);
    // The owner's key still does both.
    const fresh = await ctx.test.app.inject({
      method: 'GET',
      url: `/api/cloudstorage/status?fileKey=${encodeURIComponent(kept.fileKey)}`,
    });
    expect(fresh.json()).toMatchObject({ file: { fileKey: kept.fileKey } });
    const removed = await ctx.test.app.inject({
      method: 'DELETE',
      url: `/api/cloudstorage/delete/${kept.fileKey}`,
    });
    expect(removed.statusCode).toBe(200);
    expect((await fetchLink(ctx.test.app, kept.downloadUrl)).statusCode).toBe(404);
  });

  it("links take their origin from the listed origins, never from the request's Host", async () => {
    const keptFor = async (host: string) =>
      stored(
        await ctx.test.app.inject({
          method: 'POST',
          url: '/api/cloudstorage/upload',
          payload: { filePath: resultUrl, customKey: 'host-test' },
          headers: { host },
          remoteAddress: '10.1.0.2',
        }),
      ).downloadUrl;
    const forged = await keptFor('evil.example');
    expect(forged).not.toContain('evil.example');
    expect(forged).toMatch(/^\/api\/cloudstorage\/files\//);
    expect(await keptFor('listed.example')).toMatch(/^http:\/\/listed\.example\/api\/cloudstorage\/files\//);
  });
});

describe('one copy per result, and a daily quota per client', () => {
  it('keeping the same result again gives the same key and stores nothing more', async () => {
    const before = bucketObjects().length;
    const answers = [];
    for (let i = 0; i < 5; i += 1)
      answers.push(stored(await uploadResult(ctx.test.app, resultUrl, { customKey: 'again' }, '10.2.0.1')));
    expect(new Set(answers.map((answer) => answer.fileKey)).size).toBe(1);
    expect(bucketObjects().length).toBe(before + 1);
    for (const answer of answers)
      expect((await fetchLink(ctx.test.app, answer.downloadUrl)).statusCode).toBe(200);
  });

  it('a client past CLOUD_MAX_FILES_PER_CLIENT files is refused; another client is not', async () => {
    const client = '10.3.0.1';
    stored(await uploadResult(ctx.test.app, resultUrl, { customKey: 'one' }, client));
    stored(await uploadResult(ctx.test.app, resultUrl, { customKey: 'two' }, client));
    const before = bucketObjects().length;
    const third = await uploadResult(ctx.test.app, resultUrl, { customKey: 'three' }, client);
    expect(third.statusCode).toBe(429);
    expect(third.json()).toMatchObject({ code: 'CLOUD_QUOTA_EXCEEDED' });
    expect(bucketObjects().length).toBe(before);
    // What it already has is still answered; another client keeps its own.
    expect(stored(await uploadResult(ctx.test.app, resultUrl, { customKey: 'one' }, client)).fileKey).toMatch(
      /-one$/,
    );
    stored(await uploadResult(ctx.test.app, resultUrl, { customKey: 'three' }, '10.3.0.2'));
  });
});
