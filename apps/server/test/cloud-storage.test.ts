// Cloud storage in embedded mode (local bucket folder), with the real yt-dlp on the fixture site:
// download-and-upload gives a working link to the same bytes, our own results can be kept by their
// downloadUrl, anything else as filePath is refused without reading, and file keys stay private
// even when two visitors choose the same name.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  cloudOn,
  cloudStatus,
  fetchLink,
  keepDownload,
  stored,
  taskState,
  uploadResult,
} from './support/cloud-app';
import { useSiteAndApp } from './support/download-app';

const ctx = useSiteAndApp(cloudOn);

/** Objects in the bucket folder (the signing secret aside). */
const bucketObjects = () =>
  readdirSync(path.join(ctx.test.dataDir, 'cloud')).filter((name) => !name.startsWith('.'));

describe('cloud storage: download-and-upload and upload', () => {
  let first: { fileKey: string; downloadUrl: string; resultUrl: string; bytes: Buffer };

  beforeAll(async () => {
    const answer = stored(await keepDownload(ctx.test.app, ctx.site.url('/a.mp4'), { customKey: 'My clip' }));
    const task = await taskState(ctx.test.app, answer.taskId ?? '');
    const result = await ctx.test.app.inject({ method: 'GET', url: task.downloadUrl ?? '' });
    expect(result.statusCode).toBe(200);
    first = {
      fileKey: answer.fileKey,
      downloadUrl: answer.downloadUrl,
      resultUrl: task.downloadUrl ?? '',
      bytes: result.rawPayload,
    };
  }, 120_000);

  it('keeps a fixture download: a signed link to the same bytes, named after the custom key', async () => {
    expect(first.fileKey).toMatch(/^[A-Za-z0-9_-]{22}-My-clip$/);
    // No PUBLIC_URL or listed origin here: the link is a path (never the request's Host).
    expect(first.downloadUrl).toMatch(/^\/api\/cloudstorage\/files\/.+\?expires=\d+&signature=/);
    const file = await fetchLink(ctx.test.app, first.downloadUrl);
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.length).toBeGreaterThan(1000);
    expect(file.rawPayload.equals(first.bytes)).toBe(true);
    expect(file.headers['content-disposition']).toContain('My clip.mp4');
    expect(file.headers['content-type']).toBe('video/mp4');
    // Ranges work on the link as on results.
    const range = await ctx.test.app.inject({
      method: 'GET',
      url: first.downloadUrl,
      headers: { range: 'bytes=0-9' },
    });
    expect(range.statusCode).toBe(206);
    expect(range.rawPayload.equals(first.bytes.subarray(0, 10))).toBe(true);
  });

  it("names the cloud copy in the finished task's state", async () => {
    const status = await cloudStatus(ctx.test.app);
    expect(status).toMatchObject({ enabled: true, provider: 'local', limits: { maxRetentionHours: 168 } });
    expect(status.usage.objects).toBeGreaterThanOrEqual(1);
    expect(status.usage.bytes).toBeGreaterThanOrEqual(first.bytes.length);
    const answer = stored(await keepDownload(ctx.test.app, ctx.site.url('/a.mp4')));
    const task = await taskState(ctx.test.app, answer.taskId ?? '');
    expect(task).toMatchObject({ status: 'completed', cloudFileKey: answer.fileKey });
    expect(task.cloudUrl).toContain('/api/cloudstorage/files/');
    expect(task.cloudUrl).not.toContain(answer.fileKey);
  }, 120_000);

  it('keeps a previous result by its downloadUrl, its absolute URL on our origin, or its file id', async () => {
    const fileId = first.resultUrl.split('/').pop() ?? '';
    for (const filePath of [first.resultUrl, `http://localhost:80${first.resultUrl}`, fileId]) {
      const answer = stored(await uploadResult(ctx.test.app, filePath, { makePublic: true }));
      expect(answer.isPublic).toBe(true);
      expect(answer.downloadUrl).not.toContain('signature');
      const file = await fetchLink(ctx.test.app, answer.downloadUrl);
      expect(file.statusCode).toBe(200);
      expect(file.rawPayload.equals(first.bytes)).toBe(true);
    }
  });

  it('refuses a server path, "..", another host or an expired result, and reads nothing', async () => {
    const before = bucketObjects();
    const fileId = first.resultUrl.split('/').pop() ?? '';
    const refusals: [string, number, string][] = [
      ['/etc/passwd', 400, 'FILE_PATH_REFUSED'],
      ['../../x', 400, 'FILE_PATH_REFUSED'],
      [`/api/download/file/../../${fileId}`, 400, 'FILE_PATH_REFUSED'],
      [`file:///etc/passwd`, 400, 'FILE_PATH_REFUSED'],
      [`http://other.example${first.resultUrl}`, 400, 'FILE_PATH_REFUSED'],
      [`http://${ctx.site.host}${first.resultUrl}`, 400, 'FILE_PATH_REFUSED'],
      ['/api/download/file/AAAAAAAAAAAAAAAAAAAAAA', 404, 'FILE_EXPIRED'],
    ];
    for (const [filePath, status, code] of refusals) {
      const answer = await uploadResult(ctx.test.app, filePath);
      expect(answer.statusCode, filePath).toBe(status);
      expect(answer.json(), filePath).toMatchObject({ success: false, code });
      expect(answer.body).not.toContain('root:');
    }
    expect(bucketObjects()).toEqual(before);
  });

  it('gives two visitors with the same custom name different keys; neither can delete the other', async () => {
    const a = stored(await uploadResult(ctx.test.app, first.resultUrl, { customKey: 'holiday' }, '10.0.0.1'));
    const b = stored(await uploadResult(ctx.test.app, first.resultUrl, { customKey: 'holiday' }, '10.0.0.2'));
    expect(a.fileKey).not.toBe(b.fileKey);
    expect(a.fileKey.endsWith('-holiday') && b.fileKey.endsWith('-holiday')).toBe(true);
    // The name alone, or a key with another random part, reaches nothing.
    for (const guess of ['holiday', `AAAAAAAAAAAAAAAAAAAAAA-holiday`, '..', '%2e%2e%2fcloud']) {
      const answer = await ctx.test.app.inject({
        method: 'DELETE',
        url: `/api/cloudstorage/delete/${guess}`,
      });
      expect(answer.statusCode, guess).toBe(404);
    }
    const deleted = await ctx.test.app.inject({
      method: 'DELETE',
      url: `/api/cloudstorage/delete/${a.fileKey}`,
    });
    expect(deleted.json()).toMatchObject({ success: true, fileKey: a.fileKey });
    const again = await ctx.test.app.inject({
      method: 'DELETE',
      url: `/api/cloudstorage/delete/${a.fileKey}`,
    });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toMatchObject({ code: 'CLOUD_FILE_NOT_FOUND' });
    expect((await fetchLink(ctx.test.app, a.downloadUrl)).statusCode).toBe(404);
    expect((await fetchLink(ctx.test.app, b.downloadUrl)).statusCode).toBe(200);
  });

  it('sanitises the custom name in the key and the saved name', async () => {
    const answer = stored(
      await uploadResult(ctx.test.app, first.resultUrl, { customKey: '../../etc/passwd\r\nX: y' }),
    );
    expect(answer.fileKey).toMatch(/^[A-Za-z0-9_-]{22}-etc-passwd-X-y$/);
    const file = await fetchLink(ctx.test.app, answer.downloadUrl);
    expect(file.headers['content-disposition']).not.toMatch(/[/\\\r\n]/);
  });

  it('refuses a tampered or missing signature', async () => {
    const link = new URL(first.downloadUrl, 'http://localhost');
    const bare = await fetchLink(ctx.test.app, link.pathname);
    expect(bare.statusCode).toBe(403);
    expect(bare.json()).toMatchObject({ code: 'CLOUD_LINK_INVALID' });
    const later = Number(link.searchParams.get('expires')) + 3600;
    const tampered = await fetchLink(
      ctx.test.app,
      `${link.pathname}?expires=${later}&${link.search.split('&')[1]}`,
    );
    expect(tampered.statusCode).toBe(403);
  });
});
