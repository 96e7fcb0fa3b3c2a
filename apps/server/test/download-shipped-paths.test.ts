// Operator cookies work as shipped: the compiled server started the way `npm start` runs it, in a
// working folder of its own with the default, relative DATA_DIR and a relative COOKIES_DIR, hands
// yt-dlp paths it can open from the job folder it runs in, and the site gets the operator's cookie.
import { existsSync, mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../../../scripts/build-server.mjs';
import { runServer, stopServer, type ServerRun } from './foundation-server';
import { startFixtureSite, type FixtureSite } from './support/fixture-site';
import { finishedTask } from './support/task-over-http';

const cookieValue = 'operator-vimeo-3c81e2';

let site: FixtureSite;
let server: ServerRun | undefined;
let workDir: string;

beforeAll(async () => {
  site = await startFixtureSite();
  await buildServer({ quiet: true });
  workDir = mkdtempSync(path.join(os.tmpdir(), 'grabbit-shipped-'));
  mkdirSync(path.join(workDir, 'cookies'));
  const expires = Math.floor(Date.now() / 1000) + 3600;
  writeFileSync(
    path.join(workDir, 'cookies', 'vimeo.txt'),
    `# Netscape HTTP Cookie File\n127.0.0.1\tFALSE\t/\tFALSE\t${expires}\tvsid\t${cookieValue}\n`,
  );
  server = await runServer(
    {
      NODE_ENV: 'test',
      LOG_LEVEL: 'info',
      MEDIA_TEST_HOSTS: site.host,
      COOKIES_DIR: 'cookies',
      // The test follows its task closely; the public API limit would answer 429 instead.
      RATE_LIMIT_API_PER_MINUTE: '100000',
    },
    60_000,
    { compiled: true, cwd: workDir },
  );
}, 180_000);

afterAll(async () => {
  await stopServer(server);
  await site?.close();
  await rm(workDir, { recursive: true, force: true });
});

describe('operator cookies as shipped', () => {
  it('a download with the default DATA_DIR and COOKIES_DIR/vimeo.txt completes with the cookie', async () => {
    const url = server?.url;
    expect(url, server?.stderr()).toBeDefined();
    const started = await fetch(`${url}/api/download/vimeo`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ url: site.url('/one.html'), format: 'mp4' }),
    });
    expect(started.status).toBe(200);
    const { taskId } = (await started.json()) as { taskId: string };
    const task = await finishedTask(url ?? '', taskId);
    expect(task.status, `${JSON.stringify(task)}\n${server?.stdout()}`).toBe('completed');
    const media = site.requests.findIndex((line) => line.startsWith('GET /a.mp4'));
    expect(site.cookies[media]).toContain(`vsid=${cookieValue}`);
    // The relative DATA_DIR is the working folder's, as the operator expects.
    expect(existsSync(path.join(workDir, '.data', 'results'))).toBe(true);
  }, 120_000);
});
