// The playlist zip read from the bucket: 30 finished results in an S3-compatible server (s3rver,
// as the scaled tests use), zipped by the playlist zip call of the compiled server. Budgets: at most
// two bucket reads open at once, and the server's memory grows by under 50 MB while it streams the
// zip (a builder that opened every entry at once, or held one whole, would show in both). Measured
// through the HTTP API, so it measures whichever zip builder the server has.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, request, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { apiPath, apiRoutes, type BatchStatus } from '@grabbit/contracts';
import { startFixtureSite } from '../../apps/server/test/support/fixture-site';
import { startRedis } from '../../apps/server/test/support/redis-server';
import { startS3 } from '../../apps/server/test/support/s3-server';
import { rssOf, startServer, type BenchServer } from './convert-server';
import { mb, ms, verdict } from './stats';

const items = 30;
const itemMegabytes = 4;
const run = promisify(execFile);

/** A pass-through in front of the bucket that counts object reads open at the same time. */
async function countingBucketProxy(target: string) {
  const state = { open: 0, most: 0, reads: 0 };
  const origin = new URL(target);
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    // An object read: GET of a key (`/bucket/key?x-id=GetObject`); a listing asks for the bucket.
    const url = new URL(req.url ?? '/', 'http://bucket');
    const isRead =
      req.method === 'GET' && /^\/[^/]+\/.+/.test(url.pathname) && !url.searchParams.has('list-type');
    if (isRead) {
      state.open += 1;
      state.reads += 1;
      state.most = Math.max(state.most, state.open);
      res.once('close', () => (state.open -= 1));
    }
    const onward = request(
      { host: origin.hostname, port: origin.port, method: req.method, path: req.url, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    onward.on('error', () => res.destroy());
    req.pipe(onward);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    state,
    endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

async function postJson<T>(url: string, body: object): Promise<T> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${url} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
}

async function finishedBatch(server: BenchServer, batchId: string): Promise<BatchStatus> {
  const deadline = Date.now() + 300_000;
  for (;;) {
    const status = (await (
      await fetch(`${server.base}${apiPath(apiRoutes.batchStatus, { batchId })}`)
    ).json()) as BatchStatus;
    if (status.completedItems + status.failedItems === status.totalItems) return status;
    if (Date.now() > deadline)
      throw new Error(`batch still at ${status.completedItems}/${status.totalItems}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** The zip saved by curl while the server's memory is sampled; the growth over its start. */
async function zipWhileSampling(server: BenchServer, batchId: string, dir: string) {
  const before = await rssOf(server.pid);
  let most = before;
  let sampling = true;
  const sampler = (async () => {
    while (sampling) {
      most = Math.max(most, await rssOf(server.pid));
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  })();
  const started = performance.now();
  const { stdout } = await run('curl', [
    ...['--silent', '--show-error', '--request', 'POST', '--output', path.join(dir, 'playlist.zip')],
    ...['--write-out', '%{http_code} %{size_download}'],
    `${server.base}${apiPath(apiRoutes.batchZip, { batchId })}`,
  ]).finally(() => (sampling = false));
  await sampler;
  const [status, bytes] = stdout.trim().split(' ').map(Number);
  if (status !== 200) throw new Error(`zip answered ${status}`);
  return { before, growth: most - before, bytes: bytes ?? 0, ms: performance.now() - started };
}

export async function runZipBenchmarks(): Promise<void> {
  console.info('\n== Playlist zip from the bucket');
  const [redis, s3, site] = await Promise.all([
    startRedis(),
    startS3(),
    startFixtureSite({ bigMegabytes: itemMegabytes }),
  ]);
  const bucket = await countingBucketProxy(s3.endpoint);
  const dir = mkdtempSync(path.join(os.tmpdir(), 'grabbit-bench-zip-'));
  let server: BenchServer | undefined;
  try {
    server = await startServer(path.join(dir, 'data'), {
      NODE_ENV: 'test',
      REDIS_URL: redis.url,
      ...s3.env(),
      S3_ENDPOINT: bucket.endpoint,
      MEDIA_TEST_HOSTS: site.host,
      DOWNLOAD_CONCURRENCY: '2',
    });
    const { batchId } = await postJson<{ batchId: string }>(`${server.base}${apiRoutes.batchStart}`, {
      items: Array.from({ length: items }, (_, i) => site.url(`/big.mp4?item=${i}`)),
      outputFormat: 'mp4',
      title: 'bench zip',
    });
    const batch = await finishedBatch(server, batchId);
    if (batch.completedItems !== items) throw new Error(`${batch.failedItems} of ${items} items failed`);
    bucket.state.most = 0;
    const zip = await zipWhileSampling(server, batchId, dir);
    console.info(
      `${items} results of ${itemMegabytes} MB in s3rver, zip of ${mb(zip.bytes)} in ${ms(zip.ms)} (one run)`,
    );
    console.info(
      `  bucket reads open at once: at most ${bucket.state.most} (budget 2) ${verdict(bucket.state.most <= 2)}`,
    );
    console.info(
      `  server memory growth while zipping: ${mb(zip.growth)} over ${mb(zip.before)} (budget 50 MB) ${verdict(zip.growth < 50 * 1024 ** 2)}`,
    );
  } finally {
    await server?.stop();
    await bucket.close();
    await Promise.all([redis.close(), s3.close(), site.close()]);
    rmSync(dir, { recursive: true, force: true });
  }
}
