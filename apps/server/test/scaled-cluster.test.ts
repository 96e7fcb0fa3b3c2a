// Scaled mode end to end: two API processes and two worker processes on a real redis-server and a
// real S3-compatible server (s3rver). A download accepted by API 1 is followed on the hub through
// API 2 and fetched from API 2; a worker SIGKILLed mid-download leaves its job to the other worker
// (or a clear task error) and no orphans; with Redis stopped new jobs answer 503, and once it is
// back they succeed again.
import { hubEvents, hubPath, type BatchStatus, type DownloadTask } from '@grabbit/contracts';
import { execFile } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, beforeEach, describe, expect, it, onTestFailed } from 'vitest';
import { jobFolders } from './support/download-app';
import type { FixtureSite } from './support/fixture-site';
import type { TestRedis } from './support/redis-server';
import { finished, taskOn, type ApiProcess, type NodeProcess } from './support/scaled-processes';
import { startScaledStack, type ScaledStack } from './support/scaled-stack';
import { until } from './support/until';

let stack: ScaledStack;
let redis: TestRedis;
let site: FixtureSite;
let dataDir: string;
let apis: ApiProcess[] = [];
let workers: NodeProcess[] = [];
const sockets: Socket[] = [];

beforeAll(async () => {
  // One shared data folder, as on a shared disk: every job folder in it must be gone at the end.
  stack = await startScaledStack(
    { WORKER_LOCK_SECONDS: '3', DOWNLOAD_CONCURRENCY: '1' },
    { bigMegabytes: 0.4 },
  );
  ({ redis, site, dataDir } = stack);
  apis = await Promise.all([stack.api('api-1'), stack.api('api-2')]);
  workers = await Promise.all([stack.worker('worker-1'), stack.worker('worker-2')]);
}, 120_000);

afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
  await stack?.close();
});

async function startDownload(api: ApiProcess, url: string): Promise<Response> {
  return fetch(`${api.origin}/api/download/youtube`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ url, format: 'mp4' }),
  });
}

const bucketKeys = () => stack.bucketKeys();

// A failed test shows what each process logged: the job's own reason is in a worker's log.
beforeEach(() => {
  onTestFailed(() => {
    for (const child of [...apis, ...workers])
      console.error(`--- ${child.name}\n${child.output().slice(-4000)}`);
  });
});

describe('scaled mode: two API nodes, two workers', () => {
  it('follows a download accepted by API 1 on the hub of API 2, and serves its file from API 2', async () => {
    const [api1, api2] = apis as [ApiProcess, ApiProcess];
    const started = await startDownload(api1, site.url('/throttle/a.mp4'));
    expect(started.status).toBe(200);
    const { taskId } = (await started.json()) as { taskId: string };

    const socket = io(api2.origin, { path: hubPath, transports: ['websocket'], forceNew: true });
    sockets.push(socket);
    const events: string[] = [];
    const completed = new Promise<DownloadTask>((resolve) => {
      socket.onAny((event: string, id: string, payload: unknown) => {
        if (id !== taskId) return;
        events.push(event);
        if (event === hubEvents.taskCompleted) resolve(payload as DownloadTask);
      });
    });
    socket.emit(hubEvents.joinTask, taskId);
    const task = await completed;
    expect(events.at(-1)).toBe(hubEvents.taskCompleted);
    expect(events.slice(0, -1).every((event) => event === hubEvents.taskProgress)).toBe(true);
    expect(task.downloadUrl).toMatch(/^\/api\//);
    expect(await taskOn(api1, taskId)).toMatchObject({ status: 'completed', downloadUrl: task.downloadUrl });

    const redirect = await fetch(`${api2.origin}${task.downloadUrl}`, { redirect: 'manual' });
    expect(redirect.status).toBe(302);
    const file = await fetch(String(redirect.headers.get('location')));
    expect(file.status).toBe(200);
    expect(file.headers.get('content-disposition')).toContain('attachment');
    expect((await file.arrayBuffer()).byteLength).toBe(task.fileSize);
  });

  it('answers the status and zip of a playlist accepted by API 1 from API 2', async () => {
    const [api1, api2] = apis as [ApiProcess, ApiProcess];
    const started = await fetch(`${api1.origin}/api/download/playlist`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        items: [site.url('/a.mp4?n=1'), site.url('/b.webm?n=2')],
        outputFormat: 'mp4',
        title: 'Two clips',
      }),
    });
    expect(started.status).toBe(200);
    const { batchId } = (await started.json()) as { batchId: string };
    let status: BatchStatus | undefined;
    await until(
      async () => {
        status = (await (
          await fetch(`${api2.origin}/api/download/playlist/${batchId}/status`)
        ).json()) as BatchStatus;
        return status.status === 'completed' || status.status === 'error';
      },
      'playlist to finish',
      60_000,
    );
    expect(status).toMatchObject({ status: 'completed', completedItems: 2, failedItems: 0 });
    const zip = await fetch(`${api2.origin}/api/download/playlist/${batchId}/download`, { method: 'POST' });
    expect(zip.status).toBe(200);
    expect(zip.headers.get('content-type')).toBe('application/zip');
    const zipPath = path.join(dataDir, 'playlist.zip');
    writeFileSync(zipPath, Buffer.from(await zip.arrayBuffer()));
    const { stdout } = await promisify(execFile)('python3', [
      '-c',
      'import sys,zipfile;z=zipfile.ZipFile(sys.argv[1]);assert z.testzip() is None;print(len(z.namelist()))',
      zipPath,
    ]);
    rmSync(zipPath);
    expect(stdout.trim()).toBe('2');
  });

  it('gives the download of a SIGKILLed worker to the other worker, leaving no orphans', async () => {
    const [api1, api2] = apis as [ApiProcess, ApiProcess];
    const before = await bucketKeys();
    const started = await startDownload(api1, site.url('/throttle/big.mp4'));
    const { taskId } = (await started.json()) as { taskId: string };
    await until(async () => (await taskOn(api2, taskId)).progress > 0, 'download under way', 30_000);
    const running = workers.find((worker) => worker.output().includes(taskId));
    expect(running).toBeDefined();
    running!.child.kill('SIGKILL');
    const task = await finished(api2, taskId);
    if (task.status === 'error') expect(task.error).toMatch(/worker|stopped|try again/i);
    else expect(task.fileSize).toBeGreaterThan(300_000);
    // Only the finished task's object was added, and no job folder is left on the shared disk.
    const added = (await bucketKeys()).filter((key) => !before.includes(key));
    expect(added).toHaveLength(task.status === 'completed' ? 1 : 0);
    await until(() => jobFolders(dataDir).length === 0, 'job folders removed', 10_000);
  });

  it('answers new jobs 503 while Redis is stopped, and runs them again once it is back', async () => {
    const [api1] = apis as [ApiProcess];
    await redis.stop();
    let refused: Response | undefined;
    await until(
      async () => {
        refused = await startDownload(api1, site.url('/a.mp4'));
        return refused.status === 503;
      },
      '503 while Redis is away',
      15_000,
    );
    expect(refused!.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(((await refused!.json()) as { code: string }).code).toBe('BUSY');
    await redis.start();
    let accepted: Response | undefined;
    await until(
      async () => {
        accepted = await startDownload(api1, site.url('/a.mp4'));
        return accepted.status === 200;
      },
      'jobs accepted again',
      30_000,
    );
    const { taskId } = (await accepted!.json()) as { taskId: string };
    const task = await finished(api1, taskId);
    expect(task, task.error).toMatchObject({ status: 'completed' });
  });
});
