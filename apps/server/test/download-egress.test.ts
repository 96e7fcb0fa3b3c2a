// The egress guard through the real API and the real yt-dlp: a page on an allowed test host that
// points (or redirects) yt-dlp at an address that is not a test host ends the task with
// URL_NOT_ALLOWED, and the internal server behind that address never sees a request.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobFolders, useSiteAndApp, waitForTask } from './support/download-app';

const fx = useSiteAndApp();

/** A loopback server that is not a test host: it stands for an internal service. */
let internal: { server: Server; port: number; requests: string[] };
beforeAll(async () => {
  const requests: string[] = [];
  const server = createServer((req, res) => {
    requests.push(`${req.method} ${req.url}`);
    res.writeHead(200, { 'content-type': 'video/mp4' }).end('secret');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  internal = { server, port: (server.address() as AddressInfo).port, requests };
});
afterAll(async () => {
  internal.server.closeAllConnections();
  await new Promise<void>((resolve) => internal.server.close(() => resolve()));
});

async function download(url: string) {
  const response = await fx.test.app.inject({
    method: 'POST',
    url: '/api/download/youtube',
    payload: { url },
  });
  expect(response.statusCode).toBe(200);
  return waitForTask(fx.test.app, response.json<{ taskId: string }>().taskId);
}

const pointingAt = (target: string) => fx.site.url(`/elsewhere.html?src=${encodeURIComponent(target)}`);

describe('egress guard', () => {
  const targets: { name: string; target: () => string }[] = [
    {
      name: 'another loopback port (not a test host)',
      target: () => `http://127.0.0.1:${internal.port}/a.mp4`,
    },
    { name: 'IPv4-mapped IPv6 loopback', target: () => `http://[::ffff:127.0.0.1]:${internal.port}/a.mp4` },
    { name: '0.0.0.0', target: () => `http://0.0.0.0:${internal.port}/a.mp4` },
    { name: 'cloud metadata 169.254.169.254', target: () => 'http://169.254.169.254/latest/meta-data/' },
    {
      name: 'a redirect from the test host to an internal address',
      target: () =>
        fx.site.url(`/redirect?to=${encodeURIComponent(`http://127.0.0.1:${internal.port}/a.mp4`)}`),
    },
  ];
  for (const t of targets) {
    it(`a page pointing at ${t.name} is refused`, async () => {
      const task = await download(pointingAt(t.target()));
      expect(task).toMatchObject({ status: 'error', errorCode: 'URL_NOT_ALLOWED' });
      expect(task.error).toMatch(/local or private network address/);
      expect(internal.requests).toEqual([]);
      expect(jobFolders(fx.test.dataDir)).toEqual([]);
    });
  }

  it('a pasted test-host link that redirects inside is refused', async () => {
    const task = await download(
      fx.site.url(`/redirect?to=${encodeURIComponent(`http://127.0.0.1:${internal.port}/a.mp4`)}`),
    );
    expect(task).toMatchObject({ status: 'error', errorCode: 'URL_NOT_ALLOWED' });
    expect(internal.requests).toEqual([]);
  });

  it('the test host itself still downloads through the guard (HLS by the native downloader)', async () => {
    const plain = await download(fx.site.url('/a.mp4'));
    expect(plain.status).toBe('completed');
    const hls = await download(fx.site.url('/hls/index.m3u8'));
    expect(hls.status).toBe('completed');
  });
});
