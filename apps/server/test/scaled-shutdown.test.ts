// Graceful shutdown of real processes in scaled mode (redis-server, s3rver, the fixture site's slow
// download): SIGTERM to a worker whose job outlasts SHUTDOWN_GRACE_SECONDS hands the job back and
// the other worker completes it, leaving no orphan folder or object; a worker with grace enough
// finishes its job before it exits; an idle worker exits at once; SIGTERM to an API node closes it
// (exit 0) while the other node's hub clients still follow their download to the end, and a
// visitor waiting on it for a download to keep in cloud storage gets a clear 503 at once, while
// the copy, a queued job, is still made by a worker and its job ends done on the other node.
import { hubEvents, hubPath, type DownloadTask, type JobList } from '@grabbit/contracts';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobFolders } from './support/download-app';
import { finished, taskOn, type ApiProcess, type NodeProcess } from './support/scaled-processes';
import { startScaledStack, type ScaledStack } from './support/scaled-stack';
import { until } from './support/until';

let stack: ScaledStack;
let api: ApiProcess;
const sockets: Socket[] = [];

beforeAll(async () => {
  // About 0.3 MB at the fixture site's 64 KB/s: a download of about five seconds, well past the
  // one-second grace.
  stack = await startScaledStack(
    { DOWNLOAD_CONCURRENCY: '1', WORKER_LOCK_SECONDS: '3' },
    { bigMegabytes: 0.3 },
  );
  api = await stack.api('api-1');
}, 180_000);

afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
  await stack?.close();
});

async function startSlowDownload(on: ApiProcess): Promise<string> {
  const response = await fetch(`${on.origin}/api/download/youtube`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ url: stack.site.url('/throttle/big.mp4'), format: 'mp4' }),
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { taskId: string }).taskId;
}

/** Which worker logged the start of this task's job (each logs `job started` with its id). */
const ranBy = (workers: NodeProcess[], taskId: string) =>
  workers.filter((worker) => worker.output().includes(`"jobId":"${taskId}"`));

/** Sends SIGTERM and waits for the exit: its code and how long it took. */
function terminate(process: NodeProcess): Promise<{ code: number | null; ms: number }> {
  const started = Date.now();
  return new Promise((resolve) => {
    process.child.once('exit', (code) => resolve({ code, ms: Date.now() - started }));
    process.child.kill('SIGTERM');
  });
}

describe('graceful shutdown of scaled-mode processes', () => {
  let survivor: NodeProcess;
  let lastWorker: NodeProcess;

  it('hands a job that outlasts the grace back to the queue; the other worker completes it', async () => {
    const workers = [
      await stack.worker('worker-1', { SHUTDOWN_GRACE_SECONDS: '1' }),
      await stack.worker('worker-2', { SHUTDOWN_GRACE_SECONDS: '1' }),
    ];
    const before = await stack.bucketKeys();
    const taskId = await startSlowDownload(api);
    await until(async () => (await taskOn(api, taskId)).progress > 0, 'download under way', 60_000);
    const [leaving] = ranBy(workers, taskId);
    expect(leaving).toBeDefined();
    survivor = workers.find((worker) => worker !== leaving)!;

    const exit = await terminate(leaving!);
    expect(exit.code).toBe(0);
    expect(exit.ms).toBeLessThan(11_000);
    expect(leaving!.output()).toContain('shut down');
    // Still running, never failed: a finished task never changes again.
    expect((await taskOn(api, taskId)).status).not.toMatch(/completed|error/);

    const done = await finished(api, taskId, 120_000);
    expect(done.status).toBe('completed');
    expect(done.fileSize).toBeGreaterThan(250_000);
    expect(ranBy([survivor], taskId)).toHaveLength(1);
    const added = (await stack.bucketKeys()).filter((key) => !before.includes(key));
    expect(added).toHaveLength(1);
    await until(() => jobFolders(stack.dataDir).length === 0, 'job folders removed', 10_000);
  }, 180_000);

  it('lets a job finish within the grace before the worker exits; an idle worker exits at once', async () => {
    const idle = await terminate(survivor);
    expect(idle.code).toBe(0);
    expect(idle.ms).toBeLessThan(5_000);

    const patient = await stack.worker('worker-3', { SHUTDOWN_GRACE_SECONDS: '60' });
    const taskId = await startSlowDownload(api);
    await until(async () => (await taskOn(api, taskId)).progress > 0, 'download under way', 60_000);
    const exited = terminate(patient);
    expect((await taskOn(api, taskId)).status).toBe('downloading');
    const exit = await exited;
    expect(exit.code).toBe(0);
    // It exited only once its job had completed, and no other worker was there to take it.
    const done = await taskOn(api, taskId);
    expect(done.status).toBe('completed');
    expect(done.fileSize).toBeGreaterThan(250_000);
    expect(jobFolders(stack.dataDir)).toEqual([]);
  }, 180_000);

  it("closes an API node on SIGTERM while the other node's hub clients follow their download", async () => {
    lastWorker = await stack.worker('worker-4');
    const leaving = await stack.api('api-2');
    const onLeaving = io(leaving.origin, { path: hubPath, transports: ['websocket'], forceNew: true });
    const onStaying = io(api.origin, { path: hubPath, transports: ['websocket'], forceNew: true });
    sockets.push(onLeaving, onStaying);
    await Promise.all([onLeaving, onStaying].map((socket) => until(() => socket.connected, 'hub connected')));
    const dropped = new Promise<string>((resolve) => onLeaving.once('disconnect', resolve));
    let stayingDrops = 0;
    onStaying.on('disconnect', () => (stayingDrops += 1));

    const taskId = await startSlowDownload(leaving);
    const completed = new Promise<DownloadTask>((resolve) =>
      onStaying.on(hubEvents.taskCompleted, (id: string, done: DownloadTask) => {
        if (id === taskId) resolve(done);
      }),
    );
    onStaying.emit(hubEvents.joinTask, taskId);
    await until(async () => (await taskOn(api, taskId)).progress > 0, 'download under way', 60_000);

    const exit = await terminate(leaving);
    expect(exit.code).toBe(0);
    expect(exit.ms).toBeLessThan(10_000);
    expect(await dropped).toBeTruthy();
    expect((await fetch(`${api.origin}/health`)).status).toBe(200);
    const done = await Promise.race([
      completed,
      finished(api, taskId, 120_000).then(async (state) => {
        // The event must come shortly after the state says so.
        await new Promise((resolve) => setTimeout(resolve, 5_000));
        throw new Error(`no completion event on the staying node (task ${state.status})`);
      }),
    ]);
    expect(done).toMatchObject({ taskId, status: 'completed' });
    // The leaving node disconnected its own clients only.
    expect(stayingDrops).toBe(0);
    const file = await fetch(`${api.origin}${done.downloadUrl}`);
    expect(file.status).toBe(200);
  }, 180_000);

  it('answers a visitor waiting to keep a download 503 at once when its API node stops, and the copy is still made', async () => {
    const leaving = await stack.api('api-3');
    const jobsBefore = lastWorker.output().split('"job started"').length;
    const keeping = fetch(`${leaving.origin}/api/cloudstorage/download-and-upload`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ url: stack.site.url('/throttle/big.mp4'), format: 'mp4', platform: 'youtube' }),
    });
    await until(() => lastWorker.output().split('"job started"').length > jobsBefore, 'job started', 60_000);

    const exit = await terminate(leaving);
    expect(exit.code).toBe(0);
    expect(exit.ms).toBeLessThan(10_000);
    const answer = await keeping;
    expect(answer.status).toBe(503);
    expect(answer.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(await answer.json()).toMatchObject({ code: 'BUSY', error: expect.stringMatching(/restarting/) });

    // The copy outlives the node that accepted it: the other node shows its job done, with its link.
    const copies = async () =>
      ((await (await fetch(`${api.origin}/api/jobs?kind=cloud`)).json()) as JobList).jobs;
    const [copy] = await copies();
    expect(copy).toBeDefined();
    await until(
      async () => (await copies()).find((job) => job.id === copy?.id)?.status === 'done',
      'cloud copy done',
      90_000,
    );
    const done = (await copies()).find((job) => job.id === copy?.id);
    expect(done?.result?.url).toMatch(/\/api\/cloudstorage\/files\//);
    const file = await fetch(new URL(done?.result?.url ?? '', api.origin));
    expect(file.status).toBe(200);
  }, 180_000);
});
