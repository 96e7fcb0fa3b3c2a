// A batch naming the items of many posts reads each post with yt-dlp before its items queue: those
// reads take turns of DOWNLOAD_CONCURRENCY with the downloads, so batches of several visitors at once
// never run more yt-dlp processes against the sites than the setting allows. The site counts the
// requests it is answering at once (each yt-dlp run asks one thing at a time); post pages answer
// slowly, so reads that ran side by side would meet.
import { mkdtempSync, rmSync } from 'node:fs';
import { createReadStream } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { BatchStatus } from '@grabbit/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeVideo } from './support/media-fixtures';
import { startTestApp, type TestApp } from './support/test-app';
import { until } from './support/until';

const concurrency = 1;
let dir = '';
let server: Server;
let host = '';
let test: TestApp;
let answering = 0;
let mostAtOnce = 0;

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'grabbit-post-reads-'));
  await makeVideo(dir, 'a.mp4');
  server = createServer((req, res) => {
    answering += 1;
    mostAtOnce = Math.max(mostAtOnce, answering);
    res.on('close', () => (answering -= 1));
    const { pathname } = new URL(req.url ?? '/', 'http://site');
    if (pathname.startsWith('/post-')) {
      const page = `<!doctype html><html><head><title>Post ${pathname}</title></head><body><video src="/a.mp4"></video><video src="/a.mp4?copy=2"></video></body></html>`;
      // Held until another request is being answered too (or a few seconds passed): reads that
      // may run side by side then surely meet, however slowly a busy machine starts them.
      const held = Date.now();
      const answer = () => {
        if (answering < 2 && Date.now() - held < 2_000) return void setTimeout(answer, 50);
        res.writeHead(200, { 'content-type': 'text/html' }).end(page);
      };
      answer();
      return;
    }
    if (pathname === '/a.mp4') {
      res.writeHead(200, { 'content-type': 'video/mp4' });
      createReadStream(path.join(dir, 'a.mp4')).pipe(res);
      return;
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  host = `127.0.0.1:${(server.address() as AddressInfo).port}`;
  test = await startTestApp(
    { MEDIA_TEST_HOSTS: host, DOWNLOAD_CONCURRENCY: String(concurrency) },
    { prefix: 'grabbit-post-reads-' },
  );
});

afterAll(async () => {
  await test?.close();
  server?.closeAllConnections();
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** A batch of the first item of a post of its own. */
const batchOf = (name: string) =>
  test.app.inject({
    method: 'POST',
    url: '/api/download/playlist',
    payload: {
      platform: 'instagram',
      outputFormat: 'mp4',
      title: name,
      items: [1].map((post) => ({ url: `http://${host}/post-${name}-${post}.html`, itemIndex: 1 })),
    },
  });

async function ended(batchId: string): Promise<BatchStatus> {
  let status: BatchStatus | undefined;
  await until(
    async () => {
      const answer = await test.app.inject({
        method: 'GET',
        url: `/api/download/playlist/${batchId}/status`,
      });
      status = answer.json<BatchStatus>();
      return status.status === 'completed' || status.status === 'error';
    },
    `batch ${batchId} ended`,
    230_000,
  );
  return status as BatchStatus;
}

describe("batches' post reads", () => {
  it('run within DOWNLOAD_CONCURRENCY beside the downloads', { timeout: 240_000 }, async () => {
    const started = await Promise.all(['a', 'b'].map(batchOf));
    for (const answer of started) expect(answer.statusCode, answer.body).toBe(200);
    const statuses = Promise.all(started.map((answer) => ended(answer.json<{ batchId: string }>().batchId)));
    // Either every batch ends within the bound, or the bound is passed (and the test fails at once).
    const passed = until(() => mostAtOnce > concurrency, 'the bound passed', 230_000);
    passed.catch(() => undefined);
    const first = await Promise.race([statuses, passed]);
    expect(mostAtOnce).toBeLessThanOrEqual(concurrency);
    for (const status of first ?? [])
      expect(status).toMatchObject({ status: 'completed', completedItems: 1 });
    expect(mostAtOnce).toBeGreaterThan(0);
  });
});
