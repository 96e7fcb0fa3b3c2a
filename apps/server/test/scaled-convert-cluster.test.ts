// Conversions in scaled mode end to end: two API processes (START_WORKER=false) and two worker
// processes on a real redis-server and a real S3-compatible server (s3rver). An upload to API 1 is
// converted by a worker and its file comes back in the same answer; a respond-async job started on
// API 1 is followed on the hub of API 2 and its result fetched from API 2; a conversion whose
// visitor left, running or queued, goes on to its end; a SIGKILLed worker's conversion is finished
// by the other one. Nothing is left under the bucket's
// uploads/ prefix, nor the result of an answer given in the same request. With Redis stopped, conversions answer 503 and work again once it is back.
import {
  conversionJobPath,
  conversionProgressEvent,
  convertEndpoints,
  hubEvents,
  hubPath,
  type ConversionJob,
  type ConversionProgress,
} from '@grabbit/contracts';
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { request, type ClientRequest } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipartForm } from './support/convert-app';
import { makeImage, makeVideo } from './support/media-fixtures';
import { probeFile } from './support/media-probes';
import type { TestRedis } from './support/redis-server';
import type { ApiProcess, NodeProcess } from './support/scaled-processes';
import { startScaledStack, type ScaledStack } from './support/scaled-stack';
import { until } from './support/until';

const run = promisify(execFile);
let stack: ScaledStack;
let redis: TestRedis;
let dataDir: string;
let scratch: string;
let apis: ApiProcess[] = [];
let workers: NodeProcess[] = [];
const sockets: Socket[] = [];

beforeAll(async () => {
  stack = await startScaledStack({
    WORKER_LOCK_SECONDS: '3',
    CONVERT_CONCURRENCY: '1',
    // Jobs for clients that ask for one at once; the others wait for their file as always.
    CONVERT_SYNC_WAIT_SECONDS: '0.001',
  });
  ({ redis, dataDir } = stack);
  scratch = mkdtempSync(path.join(os.tmpdir(), 'grabbit-scaled-convert-files-'));
  apis = await Promise.all([stack.api('api-1'), stack.api('api-2')]);
  workers = await Promise.all([stack.worker('worker-1'), stack.worker('worker-2')]);
}, 120_000);

afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
  await stack?.close();
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

const uploadKeys = (prefix = 'uploads/') => stack.bucketKeys(prefix);

async function post(
  api: ApiProcess,
  endpoint: string,
  file: string,
  fields: Record<string, string>,
  headers: Record<string, string> = {},
): Promise<Response> {
  const form = multipartForm(fields, path.basename(file), await readFile(file));
  return fetch(`${api.origin}${endpoint}`, {
    method: 'POST',
    headers: { ...form.headers, ...headers },
    body: form.payload,
  });
}

/** The worker processes whose log names a started `convert` job. */
function workersThatConverted(): string[] {
  return workers.filter((worker) => worker.output().includes('"job":"convert"')).map((w) => w.name);
}

async function enginesUnder(dir: string): Promise<string[]> {
  const { stdout } = await run('ps', ['-eo', 'args']);
  return stdout.split('\n').filter((line) => line.includes(dir) && !line.startsWith('ps '));
}

/** Posts a whole video conversion to API 1 over a connection the test can cut. */
function startUpload(clip: Buffer): ClientRequest {
  const form = multipartForm({ OutputFormat: 'webm' }, 'long.mp4', clip);
  const req = request(`${apis[0]!.origin}${convertEndpoints.video}`, {
    method: 'POST',
    headers: { ...form.headers, 'content-length': String(form.payload.length) },
  });
  req.on('error', () => undefined);
  req.end(form.payload);
  return req;
}

/** The convert queue's waiting and running jobs, as /health reports them. */
async function queueDepth(): Promise<{ waiting: number; active: number }> {
  const health = (await (await fetch(`${apis[1]!.origin}/health`)).json()) as {
    scaled?: { queues?: Record<string, { waiting: number; active: number }> };
  };
  return health.scaled?.queues?.convert ?? { waiting: -1, active: -1 };
}

describe('scaled mode conversions: two API nodes, two workers', () => {
  it('converts an upload to API 1 on a worker and answers the file itself', async () => {
    const png = await makeImage(scratch, 'photo.png');
    const response = await post(apis[0]!, convertEndpoints.image, png, { OutputFormat: 'webp' });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/webp');
    expect(response.headers.get('content-disposition')).toContain('photo.webp');
    const body = Buffer.from(await response.arrayBuffer());
    expect(Number(response.headers.get('content-length'))).toBe(body.length);
    expect(body.subarray(8, 12).toString('ascii')).toBe('WEBP');
    expect(workersThatConverted().length).toBeGreaterThan(0);
    await until(async () => (await uploadKeys()).length === 0, 'uploads removed', 10_000);
    // A result answered in the same request is not kept either.
    await until(async () => (await uploadKeys('results/')).length === 0, 'result removed', 10_000);
  });

  it('keeps an error code and message across processes', async () => {
    const text = path.join(scratch, 'notes.mp4');
    await writeFile(text, 'just some words, not a video\n'.repeat(20));
    const response = await post(apis[0]!, convertEndpoints.video, text, { OutputFormat: 'webm' });
    expect(response.status).toBe(415);
    expect(await response.json()).toMatchObject({ code: 'UNSUPPORTED_FORMAT' });
  });

  it('follows a respond-async job of API 1 on the hub of API 2 and fetches its result from API 2', async () => {
    const [api1, api2] = apis as [ApiProcess, ApiProcess];
    const progressId = 'cluster-convert-1';
    const socket = io(api2.origin, { path: hubPath, transports: ['websocket'], forceNew: true });
    sockets.push(socket);
    const events: ConversionProgress[] = [];
    socket.on(conversionProgressEvent, (id: string, progress: ConversionProgress) => {
      if (id === progressId) events.push(progress);
    });
    await new Promise((resolve) => socket.emit(hubEvents.joinConversion, progressId, resolve));
    const clip = await makeVideo(scratch, 'trip.mp4', { seconds: 3, width: 320, height: 240 });
    const accepted = await post(
      api1,
      convertEndpoints.video,
      clip,
      { OutputFormat: 'webm', ProgressId: progressId },
      { prefer: 'respond-async' },
    );
    expect(accepted.status).toBe(202);
    const { jobId } = (await accepted.json()) as ConversionJob;
    await until(() => events.at(-1)?.stage === 'finishing', 'hub events through API 2', 60_000);
    // Upload progress from API 1, conversion progress from the worker: both through Redis.
    expect(new Set(events.map((e) => e.stage))).toEqual(new Set(['uploading', 'converting', 'finishing']));
    let job: ConversionJob | undefined;
    await until(
      async () => {
        job = (await (await fetch(`${api2.origin}${conversionJobPath(jobId)}`)).json()) as ConversionJob;
        return job.status !== 'converting';
      },
      'job status on API 2',
      30_000,
    );
    expect(job).toMatchObject({ status: 'completed', fileName: 'trip.webm' });
    // The result link answers from API 2 (a redirect to a signed bucket link, followed).
    const result = await fetch(`${api2.origin}${job!.downloadUrl}`);
    expect(result.status).toBe(200);
    const saved = path.join(scratch, 'trip.webm');
    await writeFile(saved, Buffer.from(await result.arrayBuffer()));
    expect((await probeFile(saved)).streams.map((s) => s.codec_name).sort()).toEqual(['opus', 'vp9']);
    await until(async () => (await uploadKeys()).length === 0, 'uploads removed', 10_000);
  });

  // A client that closes its connection does not cancel its conversion: the job goes on, keeps
  // its running-job slot, and its owner collects the result by the job's id.
  it('lets the worker finish a conversion whose visitor left mid-conversion, then removes its upload', async () => {
    const clip = await readFile(
      await makeVideo(scratch, 'left.mp4', { seconds: 8, width: 640, height: 360 }),
    );
    const resultsBefore = (await stack.bucketKeys('results/')).length;
    const req = startUpload(clip);
    await until(
      async () => (await enginesUnder(dataDir)).some((line) => line.includes('ffmpeg')),
      'ffmpeg running on a worker',
      30_000,
    );
    req.destroy();
    await until(async () => (await enginesUnder(dataDir)).length === 0, 'conversion finished', 60_000);
    await until(async () => (await uploadKeys()).length === 0, 'uploads removed', 10_000);
    await until(
      async () => (await stack.bucketKeys('results/')).length > resultsBefore,
      'result stored',
      10_000,
    );
  });

  it('keeps a queued job whose visitor left and runs it once a worker is free', async () => {
    const clip = await readFile(
      await makeVideo(scratch, 'busy.mp4', { seconds: 6, width: 640, height: 360 }),
    );
    const resultsBefore = (await stack.bucketKeys('results/')).length;
    // Both workers busy (one conversion each), then a third that has to wait.
    const busy = [startUpload(clip), startUpload(clip)];
    await until(async () => (await queueDepth()).active === 2, 'both workers busy', 30_000);
    const waiting = startUpload(clip);
    await until(async () => (await queueDepth()).waiting === 1, 'third job queued', 30_000);
    expect(await uploadKeys()).toHaveLength(3);
    waiting.destroy();
    for (const req of busy) req.destroy();
    await until(
      async () => {
        const depth = await queueDepth();
        return depth.waiting === 0 && depth.active === 0 && (await enginesUnder(dataDir)).length === 0;
      },
      'all three conversions finished',
      90_000,
    );
    await until(async () => (await uploadKeys()).length === 0, 'uploads removed', 10_000);
    // Each result is a file and its metadata: three results, the left one's included.
    expect((await stack.bucketKeys('results/')).length).toBeGreaterThan(resultsBefore);
  });

  it("finishes a SIGKILLed worker's conversion on the other worker, leaving no upload behind", async () => {
    const clip = await makeVideo(scratch, 'killed.mp4', { seconds: 20, width: 640, height: 360 });
    const answer = post(apis[1]!, convertEndpoints.video, clip, { OutputFormat: 'webm' });
    await until(
      async () => (await enginesUnder(dataDir)).some((line) => line.includes('ffmpeg')),
      'ffmpeg running on a worker',
      30_000,
    );
    const { stdout } = await run('ps', ['-eo', 'pid,ppid,args']);
    const ffmpegParent = stdout
      .split('\n')
      .find((line) => line.includes('ffmpeg') && line.includes(dataDir))
      ?.trim()
      .split(/\s+/)[1];
    const running = workers.find((worker) => String(worker.child.pid) === ffmpegParent);
    expect(running).toBeDefined();
    running!.child.kill('SIGKILL');
    const response = await answer;
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('video/webm');
    await until(async () => (await uploadKeys()).length === 0, 'uploads removed', 10_000);
  });
});

describe('scaled mode conversions without Redis', () => {
  it('answers 503 BUSY with Retry-After while Redis is stopped, and converts again once it is back', async () => {
    const png = await makeImage(scratch, 'later.png');
    await redis.stop();
    let refused: Response | undefined;
    await until(
      async () => {
        refused = await post(apis[0]!, convertEndpoints.image, png, { OutputFormat: 'jpg' });
        return refused.status === 503;
      },
      '503 while Redis is away',
      15_000,
    );
    expect(refused!.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(((await refused!.json()) as { code: string }).code).toBe('BUSY');
    await redis.start();
    await until(
      async () => (await post(apis[0]!, convertEndpoints.image, png, { OutputFormat: 'jpg' })).status === 200,
      'conversions accepted again',
      30_000,
    );
  });
});
