// The real-time hub over a real socket.io connection: a task's events arrive in order and end at
// 100, the status call agrees with the hub, a late join answers the current state at once, and
// directDownload answers the file itself.
import { hubEvents, hubPath, type DownloadTask, type TaskProgressUpdate } from '@grabbit/contracts';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFixtureSite, type FixtureSite } from './support/fixture-site';
import { startTestApp, waitForTask, type TestApp } from './support/download-app';

let site: FixtureSite;
let test: TestApp;
const sockets: Socket[] = [];

beforeAll(async () => {
  site = await startFixtureSite();
  test = await startTestApp({ MEDIA_TEST_HOSTS: site.host }, { listen: true });
});
afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
  await test?.close();
  await site?.close();
});

async function connect(): Promise<Socket> {
  const socket = io(test.origin, { path: hubPath, transports: ['websocket'], forceNew: true });
  sockets.push(socket);
  await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('connect_error', reject));
  return socket;
}

type Seen = { event: string; taskId: string; payload: unknown };

/** Collects a task's events until TaskCompleted or TaskError. */
function follow(socket: Socket, taskId: string): Promise<Seen[]> {
  return new Promise((resolve) => {
    const seen: Seen[] = [];
    socket.onAny((event: string, id: string, payload: unknown) => {
      if (id !== taskId) return;
      seen.push({ event, taskId: id, payload });
      if (event === hubEvents.taskCompleted || event === hubEvents.taskError) resolve(seen);
    });
    socket.emit(hubEvents.joinTask, taskId);
  });
}

describe('download hub', () => {
  it('task events arrive in order, end at 100, and agree with the status call', async () => {
    const socket = await connect();
    const started = await test.app.inject({
      method: 'POST',
      url: '/api/download/youtube',
      payload: { url: site.url('/throttle/b.webm'), format: 'mp4' },
    });
    const body = started.json<{ success: boolean; message: string; taskId: string }>();
    expect(body).toMatchObject({ success: true, message: 'Download started' });
    const seen = await follow(socket, body.taskId);
    const progress = seen
      .filter((s) => s.event === hubEvents.taskProgress)
      .map((s) => s.payload as TaskProgressUpdate);
    expect(progress.length).toBeGreaterThan(3);
    const percents = progress.map((p) => p.progress);
    expect(percents).toEqual([...percents].sort((a, b) => a - b));
    expect(progress.some((p) => p.stage === 'downloading' && p.progress > 0 && p.progress < 90)).toBe(true);
    expect(progress.some((p) => p.stage === 'processing')).toBe(true);
    expect(progress.at(-1)).toMatchObject({ status: 'completed', progress: 100 });
    const last = seen.at(-1);
    expect(last?.event).toBe(hubEvents.taskCompleted);
    const completed = last?.payload as DownloadTask;
    const status = await waitForTask(test.app, body.taskId);
    expect(status).toEqual(completed);
    expect(status.downloadUrl).toMatch(/^\/api\/download\/file\/[\w-]{22}$/);
  });

  it('a job error ends with TaskError carrying a message and code', async () => {
    const socket = await connect();
    const started = await test.app.inject({
      method: 'POST',
      url: '/api/download/vimeo',
      payload: { url: site.url('/missing.mp4') },
    });
    const seen = await follow(socket, started.json<{ taskId: string }>().taskId);
    expect(seen.at(-1)?.event).toBe(hubEvents.taskError);
    expect(seen.at(-1)?.payload).toMatchObject({
      code: 'MEDIA_NOT_FOUND',
      message: expect.stringMatching(/could not be found/),
    });
  });

  it('joining a finished or unknown task answers at once', async () => {
    const started = await test.app.inject({
      method: 'POST',
      url: '/api/download/twitter',
      payload: { url: site.url('/a.mp4') },
    });
    const taskId = started.json<{ taskId: string }>().taskId;
    await waitForTask(test.app, taskId);
    const socket = await connect();
    const seen = await follow(socket, taskId);
    expect(seen.map((s) => s.event)).toEqual([hubEvents.taskCompleted]);
    const unknown = await follow(socket, 'AAAAAAAAAAAAAAAAAAAAAA');
    expect(unknown[0]?.payload).toMatchObject({ code: 'TASK_NOT_FOUND' });
  });

  it('directDownload answers the file itself', async () => {
    const response = await fetch(`${test.origin}/api/download/xvideos`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ url: site.url('/one.html'), format: 'mp4', directDownload: true }),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('video/mp4');
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="One video/);
    const bytes = new Uint8Array(await response.arrayBuffer());
    // Browsers show download progress only with the whole size.
    expect(response.headers.get('content-length')).toBe(String(bytes.length));
    expect(new TextDecoder().decode(bytes.slice(4, 8))).toBe('ftyp');
  });
});
