// What a hostile page makes us serve from our origin: a previewed link's picture is a raster
// picture only (an SVG poster with a script, served as image/svg+xml or disguised as image/png,
// gets no picture; a JPEG is served as image/jpeg under a sandboxing CSP), and a title with bidi
// controls (U+202A-U+202E, U+2066-U+2069) gives a download name without them. Fixtures are made
// by the test and served from a local test host.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { MediaInfoResponse } from '@grabbit/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, waitForTask, type TestApp } from './support/download-app';
import { ffmpeg, makeVideo } from './support/media-fixtures';

const svg =
  '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(document.domain)</script></svg>';

let dir: string;
let server: Server;
let host: string;
let test: TestApp;

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'grabbit-thumbnails-'));
  await makeVideo(dir, 'a.mp4');
  await ffmpeg(['-f', 'lavfi', '-i', 'testsrc=size=64x48', '-frames:v', '1', path.join(dir, 'real.jpg')]);
  const pictures: Record<string, { type: string; body: () => Buffer | string }> = {
    '/evil.svg': { type: 'image/svg+xml', body: () => svg },
    '/disguised.png': { type: 'image/png', body: () => svg },
    '/real.jpg': { type: 'image/jpeg', body: () => readFileSync(path.join(dir, 'real.jpg')) },
  };
  server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    if (url.pathname === '/page.html') {
      const poster = url.searchParams.get('poster') ?? '';
      const title = url.searchParams.get('title') ?? `Clip ${poster}`;
      return res
        .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
        .end(`<!doctype html><title>${title}</title><video src="/a.mp4" poster="${poster}"></video>`);
    }
    if (url.pathname === '/a.mp4')
      return res.writeHead(200, { 'content-type': 'video/mp4' }).end(readFileSync(path.join(dir, 'a.mp4')));
    const picture = pictures[url.pathname];
    if (picture) return res.writeHead(200, { 'content-type': picture.type }).end(picture.body());
    return res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  host = `127.0.0.1:${(server.address() as AddressInfo).port}`;
  test = await startTestApp({ MEDIA_TEST_HOSTS: host }, { prefix: 'grabbit-thumbnails-' });
}, 60_000);

afterAll(async () => {
  await test?.close();
  server?.closeAllConnections();
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  rmSync(dir, { recursive: true, force: true });
});

async function pictureOf(poster: string) {
  const preview = await test.app.inject({
    method: 'POST',
    url: '/api/download/youtube/info',
    payload: { url: `http://${host}/page.html?poster=${encodeURIComponent(poster)}` },
  });
  expect(preview.statusCode).toBe(200);
  const thumbnailUrl = preview.json<MediaInfoResponse>().thumbnailUrl;
  expect(thumbnailUrl).toMatch(/^\/api\/download\/thumbnail\//);
  return test.app.inject({ method: 'GET', url: thumbnailUrl ?? '' });
}

describe('preview pictures', () => {
  for (const poster of ['/evil.svg', '/disguised.png']) {
    it(`an SVG poster (${poster}) is not served`, async () => {
      const picture = await pictureOf(poster);
      expect(picture.statusCode).toBe(404);
      expect(picture.json()).toMatchObject({ code: 'NOT_FOUND' });
      expect(picture.body).not.toContain('<script>');
    }, 60_000);
  }

  it('a JPEG poster is served as image/jpeg under a sandboxing CSP', async () => {
    const picture = await pictureOf('/real.jpg');
    expect(picture.statusCode).toBe(200);
    expect(picture.headers['content-type']).toBe('image/jpeg');
    expect(picture.headers['content-security-policy']).toContain('sandbox');
    expect(picture.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
  }, 60_000);
});

describe('download names', () => {
  it('a title with bidi controls gives a Content-Disposition name without them', async () => {
    // Shown as "invoice<RLO>gpj.exe" it reads "invoiceexe.jpg"; every control of both ranges is in it.
    const title = 'invoice\u202Egpj.exe \u202A\u202B\u202C\u202D\u2066\u2067\u2068\u2069end';
    const started = await test.app.inject({
      method: 'POST',
      url: '/api/download/youtube',
      payload: { url: `http://${host}/page.html?title=${encodeURIComponent(title)}&poster=/real.jpg` },
    });
    expect(started.statusCode).toBe(200);
    const task = await waitForTask(test.app, started.json<{ taskId: string }>().taskId);
    expect(task.status).toBe('completed');
    const file = await test.app.inject({ method: 'GET', url: task.downloadUrl ?? '' });
    expect(file.statusCode).toBe(200);
    const disposition = decodeURIComponent(String(file.headers['content-disposition']));
    expect(disposition).toContain('invoice');
    expect(disposition).toContain('gpj.exe');
    expect(disposition).not.toMatch(/[\u202A-\u202E\u2066-\u2069]/u);
    expect(task.fileName ?? '').not.toMatch(/[\u202A-\u202E\u2066-\u2069]/u);
  }, 60_000);
});
