// yt-dlp's own ffmpeg steps under the same rules as ours, through the real API and the real
// yt-dlp: a downloaded rendition that is a list naming other files (an ffconcat list naming the
// cookie file, an HLS playlist naming a local .ts file) never brings those files into the result;
// the operator's cookie file never sits in the job folder; a section of a format offered over
// rtmp:// ends as URL_NOT_ALLOWED before any connection is made; a clean merge still works.
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer, type Server, type Socket } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { DownloadTask } from '@grabbit/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobFolders, probeFile, startTestApp, waitForTask, type TestApp } from './support/download-app';
import { startHostileMediaSite, type HostileMediaSite } from './support/hostile-media-site';

const cookieValues = Array.from(
  { length: 30 },
  (_, i) => `grabbit-secret-cookie-${String(i).padStart(2, '0')}`,
);
let site: HostileMediaSite;
let test: TestApp;
let cookiesDir: string;
/** A loopback TCP port standing for an internal service: it records every connection. */
let listener: { server: Server; port: number; connections: number; sockets: Socket[] };

beforeAll(async () => {
  site = await startHostileMediaSite();
  cookiesDir = mkdtempSync(path.join(os.tmpdir(), 'grabbit-cookies-'));
  const lines = cookieValues.map((value, i) =>
    ['.youtube.com', 'TRUE', '/', 'TRUE', '0', `c${i}`, value].join('\t'),
  );
  writeFileSync(path.join(cookiesDir, 'youtube.txt'), `# Netscape HTTP Cookie File\n${lines.join('\n')}\n`);
  const server = createServer((socket) => {
    listener.connections += 1;
    listener.sockets.push(socket);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  listener = { server, port: (server.address() as { port: number }).port, connections: 0, sockets: [] };
  test = await startTestApp(
    { MEDIA_TEST_HOSTS: site.host, COOKIES_DIR: cookiesDir },
    { prefix: 'grabbit-engine-ffmpeg-' },
  );
}, 120_000);

afterAll(async () => {
  await test?.close();
  await site?.close();
  for (const socket of listener?.sockets ?? []) socket.destroy();
  await new Promise<void>((resolve) => (listener ? listener.server.close(() => resolve()) : resolve()));
  rmSync(cookiesDir, { recursive: true, force: true });
});

/** Names of files in the job folders that hold a cookie value, seen while a task runs. */
function cookieCarriers(dataDir: string): string[] {
  const found: string[] = [];
  for (const job of jobFolders(dataDir)) {
    const dir = path.join(dataDir, 'jobs', job);
    let names: string[];
    try {
      names = readdirSync(dir);
    } catch {
      continue; // The job ended meanwhile.
    }
    for (const name of names) {
      try {
        const file = path.join(dir, name);
        if (statSync(file).size > 4 * 1024 * 1024) continue;
        const text = readFileSync(file, 'latin1');
        if (cookieValues.some((value) => text.includes(value))) found.push(name);
      } catch {
        // Removed or renamed meanwhile.
      }
    }
  }
  return found;
}

/** Starts a download and waits for it, watching the job folders for the cookie file meanwhile. */
async function download(payload: object): Promise<{ task: DownloadTask; carriers: string[] }> {
  const response = await test.app.inject({ method: 'POST', url: '/api/download/youtube', payload });
  expect(response.statusCode).toBe(200);
  const carriers = new Set<string>();
  const watch = setInterval(() => cookieCarriers(test.dataDir).forEach((name) => carriers.add(name)), 20);
  try {
    const task = await waitForTask(test.app, response.json<{ taskId: string }>().taskId, 90_000);
    return { task, carriers: [...carriers] };
  } finally {
    clearInterval(watch);
  }
}

/** The finished task's file, saved for ffprobe. */
async function resultFile(task: DownloadTask): Promise<{ file: string; bytes: Buffer }> {
  const answer = await test.app.inject({ method: 'GET', url: task.downloadUrl ?? '' });
  expect(answer.statusCode).toBe(200);
  const file = path.join(test.dataDir, `result-${task.taskId}.${task.format ?? 'mp4'}`);
  writeFileSync(file, answer.rawPayload);
  return { file, bytes: answer.rawPayload };
}

const privateFolders = () => {
  try {
    return readdirSync(path.join(test.dataDir, 'private'));
  } catch {
    return [];
  }
};

describe("yt-dlp's own ffmpeg steps", () => {
  it('a clean video and audio rendition are still merged (through the guard)', async () => {
    const { task, carriers } = await download({ url: site.url('/clean/master.m3u8') });
    expect(task.status).toBe('completed');
    const probed = await probeFile((await resultFile(task)).file);
    expect(probed.codecs).toEqual(expect.arrayContaining(['h264', 'aac']));
    expect(carriers).toEqual([]);
    expect(privateFolders()).toEqual([]);
  }, 120_000);

  it('an audio rendition that is an ffconcat list naming the cookie file gets none of its bytes', async () => {
    const { task, carriers } = await download({ url: site.url('/concat/master.m3u8') });
    // The operator's cookie file never sat in the job folder, where a media file could name it.
    expect(carriers).toEqual([]);
    if (task.status === 'completed') {
      const { bytes } = await resultFile(task);
      for (const value of cookieValues) expect(bytes.includes(value)).toBe(false);
    } else {
      expect(task.errorCode).toBe('DOWNLOAD_FAILED');
      for (const value of cookieValues) expect(task.error ?? '').not.toContain(value);
    }
    // The run's private folder (its cookie copy) is gone with the run.
    expect(privateFolders()).toEqual([]);
    expect(jobFolders(test.dataDir)).toEqual([]);
  }, 120_000);

  it('an audio rendition that is an HLS playlist naming a local .ts file does not bring it in', async () => {
    const { task } = await download({ url: site.url('/nested/master.m3u8') });
    if (task.status === 'completed') {
      const probed = await probeFile((await resultFile(task)).file);
      // The local file is the only audio there is (a 1 s tone): the result may hold no audio.
      expect(probed.codecs).toEqual(['h264']);
    } else {
      expect(task.errorCode).toBe('DOWNLOAD_FAILED');
    }
  }, 120_000);
});

describe('section downloads', () => {
  it('a section of a format offered over rtmp:// ends as URL_NOT_ALLOWED with no connection made', async () => {
    const src = `rtmp://127.0.0.1:${listener.port}/live/stream`;
    const { task } = await download({
      url: site.url(`/page.html?src=${encodeURIComponent(src)}`),
      startTime: 0,
      endTime: 1,
    });
    expect(task).toMatchObject({ status: 'error', errorCode: 'URL_NOT_ALLOWED' });
    expect(listener.connections).toBe(0);
  }, 120_000);
});
