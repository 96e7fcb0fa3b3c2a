// Downloader benchmarks: (1) a 50 MB local file through the API of the compiled server vs the
// server's own yt-dlp with the server's own arguments alone on the same URL (budget: ratio <= 1.1),
// the API with its defaults (tags on: written into the MP4's index as the file is sent, so its
// answer differs from yt-dlp's file by those boxes and is checked by its media bytes instead),
// (2) time from the request to the first progress event, (3) 200 hub clients following one batch,
// run in a worker thread: p99 delay from publish to receipt of progress events (budget 100 ms).
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { Worker } from 'node:worker_threads';
import { apiPath, apiRoutes, hubEvents, hubPath } from '@grabbit/contracts';
import { io, type Socket } from 'socket.io-client';
import { InProcessEventBus } from '../../apps/server/src/realtime/event-bus';
import { startTestApp } from '../../apps/server/test/support/download-app';
import { startFixtureSite, type FixtureSite } from '../../apps/server/test/support/fixture-site';
import { mediaDataHash } from '../../apps/server/test/support/media-data';
import { startServer } from './convert-server';
import { downloadArgsAlone, runYtDlpAlone } from './engine-alone';
import type { HubReceipt } from './hub-clients-worker';
import { settleWrites } from './disk';
import { median, ms, spread, verdict } from './stats';

export { ms };

// Twenty-five interleaved runs, each after the last one's writes are on disk: single runs on a
// shared 2-core machine vary by a fifth (1,030 to 1,561 ms for yt-dlp alone in one group), seven
// gave medians a tenth apart from one run to the next, and fifteen still 0.997 to 1.104.
const runs = 25;
const warmUps = 3;
export const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.ceil((p / 100) * values.length) - 1)] ??
  NaN;

const run = promisify(execFile);

/** Runs `work` in a fresh temporary folder, removed afterwards. */
async function inTempDir<T>(work: (dir: string) => Promise<T>): Promise<T> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'grabbit-bench-download-'));
  try {
    return await work(dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const postJson = (origin: string, route: string, body: object) =>
  fetch(`${origin}${route}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

/** The server's yt-dlp with the server's arguments (minus the proxy), into a fresh job folder. */
function ytDlpAlone(testHost: string, url: string): Promise<number> {
  return inTempDir(async (dir) => {
    // Asynchronously: the fixture site serves from this same process.
    return runYtDlpAlone(testHost, await downloadArgsAlone(testHost, url, dir), dir);
  });
}

/**
 * The API with directDownload and its default options (tags on), request to last byte. The client
 * is its own process saving to disk (curl), as a visitor's browser is and as yt-dlp alone is: an
 * in-process fetch would parse the 50 MB response on the server's own event loop and bill the
 * client's work to the API. `media`: the answer's media bytes (its `mdat` boxes, hashed after the
 * timing), which must be the served file's: the tags change the index, never the samples.
 */
function throughApi(
  origin: string,
  url: string,
): Promise<{ ms: number; bytes: number; media: Awaited<ReturnType<typeof mediaDataHash>> }> {
  return inTempDir(async (dir) => {
    const output = path.join(dir, 'out.mp4');
    const started = performance.now();
    const { stdout } = await run('curl', [
      '--silent',
      '--show-error',
      '--output',
      output,
      '--write-out',
      '%{http_code} %{size_download}',
      '--header',
      'content-type: application/json',
      '--data',
      JSON.stringify({ url, format: 'mp4', directDownload: true }),
      `${origin}${apiPath(apiRoutes.download, { platform: 'youtube' })}`,
    ]);
    const elapsed = performance.now() - started;
    const [status, bytes] = stdout.trim().split(' ').map(Number);
    if (status !== 200) throw new Error(`API answered ${status}`);
    return { ms: elapsed, bytes: bytes ?? 0, media: await mediaDataHash(output) };
  });
}

async function connect(origin: string): Promise<Socket> {
  const socket = io(origin, { path: hubPath, transports: ['websocket'], forceNew: true });
  await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('connect_error', reject));
  return socket;
}

async function firstProgressDelay(origin: string, url: string): Promise<number> {
  const socket = await connect(origin);
  const started = performance.now();
  const response = await postJson(origin, '/api/download/youtube', { url, format: 'mp4' });
  const { taskId } = (await response.json()) as { taskId: string };
  const first = new Promise<number>((resolve) =>
    socket.once(hubEvents.taskProgress, () => resolve(performance.now() - started)),
  );
  socket.emit(hubEvents.joinTask, taskId);
  const delay = await first;
  await new Promise<void>((resolve) =>
    socket.on(hubEvents.taskCompleted, () => resolve()).on(hubEvents.taskError, () => resolve()),
  );
  socket.disconnect();
  return delay;
}

/** Absolute time in ms, comparable between the server's thread and the clients' worker thread. */
const now = () => performance.timeOrigin + performance.now();

/**
 * Entry code of the clients' worker thread. Workers start without tsx's TypeScript loader (nor
 * does `--import tsx` in execArgv resolve the workspace's extensionless imports there), so the
 * worker registers it itself before loading its TypeScript module.
 */
export const hubClientsBootstrap = `
  const { register } = await import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))});
  register();
  await import(${JSON.stringify(import.meta.resolve('./hub-clients-worker.ts'))});
`;

/** Publish times are taken on the bus (every publisher goes through it), receipts in the worker. */
export async function hubFanOut(
  origin: string,
  itemUrl: string,
  clients: number,
): Promise<{ delays: number[]; events: number }> {
  const published = new Map<string, number>();
  const publish = InProcessEventBus.prototype.publish;
  InProcessEventBus.prototype.publish = function (group, event, ...args) {
    if (event === hubEvents.batchProgress) published.set(`${String(args[0])}:${String(args[1])}`, now());
    return Reflect.apply(publish, this, [group, event, ...args]);
  };
  const worker = new Worker(hubClientsBootstrap, { eval: true, workerData: { origin, clients } });
  const nextMessage = <T>() =>
    new Promise<T>((resolve, reject) => worker.once('message', resolve).once('error', reject));
  try {
    await nextMessage<'ready'>();
    const response = await postJson(origin, '/api/download/playlist', {
      items: Array.from({ length: 6 }, (_, i) => `${itemUrl}?n=${i}`),
      outputFormat: 'mp4',
      title: 'bench',
    });
    const { batchId } = (await response.json()) as { batchId: string };
    const receipts = nextMessage<HubReceipt[]>();
    worker.postMessage(batchId);
    const delays = (await receipts).flatMap(({ key, at }) => {
      const sent = published.get(key);
      return sent === undefined ? [] : [at - sent];
    });
    return { delays, events: published.size };
  } finally {
    InProcessEventBus.prototype.publish = publish;
    await worker.terminate();
  }
}

/** The 50 MB download: API and engine alone, interleaved so load elsewhere hits both alike. */
async function downloadRatio(site: FixtureSite): Promise<void> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'grabbit-bench-api-'));
  const server = await startServer(dataDir, {
    NODE_ENV: 'test',
    MEDIA_TEST_HOSTS: site.host,
    DOWNLOAD_CONCURRENCY: '2',
  });
  try {
    const big = site.url('/big.mp4');
    const size = statSync(path.join(site.dir, 'big.mp4')).size;
    const served = await mediaDataHash(path.join(site.dir, 'big.mp4'));
    // Warm-up, uncounted, on both sides alike: the disk cache and Python's imports, and the server's
    // request, relay and send paths (a fresh process runs them interpreted at first; one in use has
    // long compiled them).
    await settleWrites();
    for (let i = 0; i < warmUps; i += 1) {
      await ytDlpAlone(site.host, big);
      await throughApi(server.base, big);
    }
    const alone: number[] = [];
    const api: number[] = [];
    const apiRun = async () => {
      await settleWrites();
      const result = await throughApi(server.base, big);
      // The served file with its tags: a larger index, the same media bytes in the same boxes.
      if (!(result.bytes > size) || JSON.stringify(result.media) !== JSON.stringify(served))
        throw new Error(`API returned ${result.bytes} bytes, not the served ${size} with tags`);
      api.push(result.ms);
    };
    const aloneRun = async () => {
      await settleWrites();
      alone.push(await ytDlpAlone(site.host, big));
    };
    // The order turns each run: the side that runs right after the other pays for its wind-down.
    for (let i = 0; i < runs; i += 1) {
      for (const side of i % 2 ? [apiRun, aloneRun] : [aloneRun, apiRun]) await side();
    }
    const ratio = median(api) / median(alone);
    console.info(
      `${(size / 1024 ** 2).toFixed(1)} MB MP4, median of ${runs} interleaved runs: the server's yt-dlp alone ${ms(median(alone))} (${spread(alone)}), through the API ${ms(median(api))} (${spread(api)}) (request to last byte, curl client)`,
    );
    console.info(
      `  runs in order: alone ${alone.map(Math.round).join(', ')}; API ${api.map(Math.round).join(', ')}`,
    );
    console.info(
      `  download ratio API / yt-dlp alone: ${ratio.toFixed(3)} (budget 1.1) ${verdict(ratio <= 1.1)}`,
    );
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function runDownloadBenchmarks(): Promise<void> {
  console.info('\n== Downloader');
  const site = await startFixtureSite({ bigMegabytes: 50 });
  try {
    await downloadRatio(site);
    // The hub figures watch the in-process event bus, so they run on an app in this process.
    const test = await startTestApp(
      { MEDIA_TEST_HOSTS: site.host, DOWNLOAD_CONCURRENCY: '2' },
      { listen: true },
    );
    try {
      const firsts: number[] = [];
      for (let i = 0; i < runs; i += 1)
        firsts.push(await firstProgressDelay(test.origin, site.url('/a.mp4')));
      console.info(
        `time from request to first progress event: median ${ms(median(firsts))}, max ${ms(Math.max(...firsts))}`,
      );

      const fan = await hubFanOut(test.origin, site.url('/throttle/a.mp4'), 200);
      const p99 = percentile(fan.delays, 99);
      console.info(
        `200 hub clients on one batch (clients in their own worker thread): ${fan.events} progress events, ${fan.delays.length} deliveries, p50 ${ms(percentile(fan.delays, 50))}, p99 ${ms(p99)} (budget 100 ms) ${verdict(p99 <= 100)}`,
      );
    } finally {
      await test.close();
    }
  } finally {
    await site.close();
  }
}
