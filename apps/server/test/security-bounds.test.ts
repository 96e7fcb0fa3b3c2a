// Bounds through the real server: at most a few running jobs per client (a slot comes back when its
// download ends), new jobs refused with 503 DISK_FULL under the disk watermark, and an upload that
// trickles one byte at a time cut within the stall window with nothing left behind.
import { readdirSync } from 'node:fs';
import { connect } from 'node:net';
import path from 'node:path';
import { apiPath, apiRoutes } from '@grabbit/contracts';
import { describe, expect, it } from 'vitest';
import { startTestApp, useSiteAndApp, waitForTask } from './support/download-app';

// Three job starts a minute: a refusal for the running-job cap must not spend one of them.
const fx = useSiteAndApp({
  MAX_ACTIVE_JOBS_PER_CLIENT: '2',
  RATE_LIMIT_JOBS_PER_MINUTE: '3',
  DOWNLOAD_TIMEOUT_SECONDS: '3',
});

const start = (remoteAddress: string, url: string) =>
  fx.test.app.inject({ method: 'POST', url: '/api/download/reddit', remoteAddress, payload: { url } });

describe('active jobs per client', () => {
  it('a third running job is refused until one ends; another client is served meanwhile', async () => {
    const slow = fx.site.url('/slow/a.mp4');
    const first = await start('203.0.113.40', slow);
    const second = await start('203.0.113.40', slow);
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    for (let i = 0; i < 3; i += 1) expect((await start('203.0.113.40', slow)).statusCode).toBe(429);
    const third = await start('203.0.113.40', slow);
    expect(third.statusCode).toBe(429);
    expect(third.json()).toMatchObject({ success: false, code: 'TOO_MANY_ACTIVE_JOBS' });
    expect(third.json<{ error: string }>().error).toMatch(/already have 2 downloads or conversions running/);
    // A preview is a short read with its own budget: the client at its cap still gets one.
    const preview = await fx.test.app.inject({
      method: 'POST',
      url: apiPath(apiRoutes.downloadInfo, { platform: 'reddit' }),
      remoteAddress: '203.0.113.40',
      payload: { url: fx.site.url('/a.mp4') },
    });
    expect(preview.statusCode).toBe(200);
    const other = await start('203.0.113.41', fx.site.url('/a.mp4'));
    expect(other.statusCode).toBe(200);
    // The slow downloads end at their 3 s timeout, which gives the slots back.
    await waitForTask(fx.test.app, first.json<{ taskId: string }>().taskId, 30_000);
    await waitForTask(fx.test.app, second.json<{ taskId: string }>().taskId, 30_000);
    const again = await start('203.0.113.40', fx.site.url('/a.mp4'));
    expect(again.statusCode).toBe(200);
    await waitForTask(fx.test.app, again.json<{ taskId: string }>().taskId);
  });
});

describe('disk watermark', () => {
  it('new jobs are refused with 503 DISK_FULL when free space is under the watermark', async () => {
    const full = await startTestApp({ DISK_MIN_FREE_MB: String(1024 ** 3) });
    try {
      const download = await full.app.inject({
        method: 'POST',
        url: '/api/download/youtube',
        payload: { url: 'https://youtu.be/abc' },
      });
      expect(download.statusCode).toBe(503);
      expect(download.json()).toMatchObject({ code: 'DISK_FULL' });
      expect(download.json<{ error: string }>().error).toMatch(/short of disk space/);
      const convert = await full.app.inject({ method: 'POST', url: '/api/convert/image' });
      expect(convert.statusCode).toBe(503);
      // Cloud storage's calls store files too: the same gate refuses them.
      const keep = await full.app.inject({
        method: 'POST',
        url: apiRoutes.cloudDownloadAndUpload,
        payload: { url: 'https://youtu.be/abc' },
      });
      expect(keep.json()).toMatchObject({ code: 'DISK_FULL' });
      const copy = await full.app.inject({
        method: 'POST',
        url: apiRoutes.cloudUpload,
        payload: { filePath: 'x' },
      });
      expect(copy.json()).toMatchObject({ code: 'DISK_FULL' });
      // Reading is still possible.
      expect((await full.app.inject({ method: 'GET', url: '/api/config' })).statusCode).toBe(200);
    } finally {
      await full.close();
    }
  });
});

describe('stalled uploads', () => {
  it('an upload trickling one byte at a time is cut within the stall window, leaving nothing', async () => {
    const app = await startTestApp({ UPLOAD_STALL_SECONDS: '1' }, { listen: true });
    try {
      const { port } = new URL(app.origin);
      const boundary = 'grabbit-stall';
      const head =
        `--${boundary}\r\nContent-Disposition: form-data; name="OutputFormat"\r\n\r\npng\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="InputFile"; filename="a.jpg"\r\n` +
        'Content-Type: image/jpeg\r\n\r\n';
      const socket = connect(Number(port), '127.0.0.1');
      await new Promise<void>((resolve) => socket.once('connect', resolve));
      const started = Date.now();
      socket.write(
        `POST /api/convert/image HTTP/1.1\r\nHost: 127.0.0.1\r\n` +
          `Content-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: 1000000\r\n\r\n${head}`,
      );
      const trickle = setInterval(() => socket.write('x'), 300);
      let answer = '';
      socket.on('data', (chunk: Buffer) => (answer += chunk.toString('latin1')));
      await new Promise<void>((resolve) => socket.once('close', () => resolve()));
      clearInterval(trickle);
      const elapsed = Date.now() - started;
      // One 1 s window, plus margin for a busy machine; far less than the trickle would take.
      expect(elapsed).toBeLessThan(6000);
      expect(answer).not.toMatch(/^HTTP\/1\.1 200/);
      // The workspace is removed as the request closes.
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(readdirSync(path.join(app.dataDir, 'uploads'))).toEqual([]);
    } finally {
      await app.close();
    }
  });
});
