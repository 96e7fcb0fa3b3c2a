// Visitors' files are readable by the server's user only: the server started as `npm start` runs
// it, with a data folder the operator made world-readable beforehand, holds a finished download
// (its result waiting for its owner), a job folder while one runs, and an open resumable upload;
// every file under the data folder is then 0600 and every folder 0700.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { readdir, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { apiRoutes } from '@grabbit/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runServer, stopServer, type ServerRun } from './foundation-server';
import { startFixtureSite, type FixtureSite } from './support/fixture-site';
import { finishedTask } from './support/task-over-http';

let site: FixtureSite;
let server: ServerRun | undefined;
let workDir: string;

beforeAll(async () => {
  site = await startFixtureSite();
  workDir = mkdtempSync(path.join(os.tmpdir(), 'grabbit-private-'));
  mkdirSync(path.join(workDir, '.data'), { mode: 0o755 });
  writeFileSync(path.join(workDir, 'upload.bin'), Buffer.alloc(2048, 7));
  server = await runServer(
    {
      NODE_ENV: 'test',
      MEDIA_TEST_HOSTS: site.host,
      // The test polls its task closely; the shipped per-minute API budget would answer 429.
      RATE_LIMIT_API_PER_MINUTE: '100000',
    },
    180_000,
    { cwd: workDir },
  );
}, 240_000);

afterAll(async () => {
  await stopServer(server);
  await site?.close();
  await rm(workDir, { recursive: true, force: true });
});

/** Every file and folder under `root` (itself included) with its permission bits. */
async function modesUnder(root: string): Promise<{ path: string; folder: boolean; mode: number }[]> {
  const own = await stat(root);
  const found = [{ path: root, folder: own.isDirectory(), mode: own.mode & 0o777 }];
  if (!own.isDirectory()) return found;
  for (const entry of await readdir(root).catch(() => []))
    found.push(...(await modesUnder(path.join(root, entry))));
  return found;
}

describe('private files', () => {
  it('results, job folders, uploads and the data folder are 0600 and 0700', async () => {
    const url = server?.url ?? '';
    expect(server?.url, server?.stderr()).toBeDefined();
    const upload = await fetch(`${url}${apiRoutes.uploads}`, {
      method: 'POST',
      headers: { 'tus-resumable': '1.0.0', 'upload-length': '4096' },
    });
    expect(upload.status, await upload.clone().text()).toBe(201);
    const patched = await fetch(new URL(upload.headers.get('location') ?? '', url), {
      method: 'PATCH',
      headers: {
        'tus-resumable': '1.0.0',
        'upload-offset': '0',
        'content-type': 'application/offset+octet-stream',
      },
      body: Buffer.alloc(2048, 7),
    });
    expect(patched.status).toBe(204);
    const started = await fetch(`${url}/api/download/vimeo`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ url: site.url('/one.html'), format: 'mp4' }),
    });
    expect(started.status).toBe(200);
    const { taskId } = (await started.json()) as { taskId: string };
    // The job folder while the job runs, then the stored result.
    const seen = new Map<string, { folder: boolean; mode: number }>();
    const look = async () => {
      for (const entry of await modesUnder(path.join(workDir, '.data'))) seen.set(entry.path, entry);
    };
    let finished = false;
    const watching = (async () => {
      while (!finished) {
        await look();
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    })();
    const task = await finishedTask(url, taskId, 300_000).finally(() => (finished = true));
    await watching;
    await look();
    expect(task.status, JSON.stringify(task)).toBe('completed');
    const entries = [...seen.entries()];
    expect(entries.some(([name]) => name.includes(`${path.sep}results${path.sep}`))).toBe(true);
    expect(entries.some(([name]) => name.includes(`${path.sep}jobs${path.sep}`))).toBe(true);
    expect(entries.some(([name]) => name.includes(`${path.sep}resumable`))).toBe(true);
    const open = entries
      .filter(([, entry]) => entry.mode !== (entry.folder ? 0o700 : 0o600))
      .map(([name, entry]) => `${path.relative(workDir, name)} ${entry.mode.toString(8)}`);
    expect(open).toEqual([]);
  }, 600_000);
});
