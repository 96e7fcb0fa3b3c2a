// Health of the operator's sessions and routes under the real server: with a pool of a
// rate-limited and a good session, and a dead and a live proxy, every download completes (each
// failure the site blames on the session or route quarantines it and the download runs again
// with another pair), the blamed ones are not used again, and a not-found link quarantines nothing.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { createServer, type AddressInfo, type Server } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { DownloadTask, Health } from '@grabbit/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runServer, stopServer, type ServerRun } from './foundation-server';
import { startRecordingProxy, type RecordingProxy } from './support/recording-proxy';
import { startSessionSite, type SessionSite } from './support/session-site';
import { downloadOverHttp } from './support/task-over-http';

let site: SessionSite;
let live: RecordingProxy;
let dead: Server;
let deadConnections = 0;
let server: ServerRun | undefined;
let cookiesDir: string;
const metricsToken = 'metrics-token-3f9a0c2e';

beforeAll(async () => {
  site = await startSessionSite(['good-session', 'limited-session']);
  site.rateLimited.add('limited-session');
  live = await startRecordingProxy('grabbit', 'route-secret-77');
  // A proxy that takes connections and drops them at once.
  dead = createServer((socket) => {
    deadConnections += 1;
    socket.destroy();
  });
  await new Promise<void>((resolve) => dead.listen(0, '127.0.0.1', resolve));
  cookiesDir = mkdtempSync(path.join(os.tmpdir(), 'grabbit-health-'));
  mkdirSync(path.join(cookiesDir, 'vimeo'));
  writeFileSync(path.join(cookiesDir, 'vimeo', 'a-limited.txt'), site.cookieFile('limited-session'));
  writeFileSync(path.join(cookiesDir, 'vimeo', 'b-good.txt'), site.cookieFile('good-session'));
  server = await runServer(
    {
      NODE_ENV: 'test',
      LOG_LEVEL: 'info',
      MEDIA_TEST_HOSTS: site.host,
      COOKIES_DIR: cookiesDir,
      YTDLP_PROXY_VIMEO: `http://127.0.0.1:${(dead.address() as AddressInfo).port},${live.url}`,
      // Only the API budget is lifted: each download's task is polled closely (the shipped
      // per-minute budget would answer 429 to the polling); job starts keep the shipped limit.
      RATE_LIMIT_API_PER_MINUTE: '100000',
      METRICS_TOKEN: metricsToken,
    },
    60_000,
  );
}, 120_000);

afterAll(async () => {
  await stopServer(server);
  await live?.close();
  await new Promise((resolve) => dead?.close(resolve));
  await site?.close();
  await rm(cookiesDir, { recursive: true, force: true });
});

const download = (pathname = '/watch.html'): Promise<DownloadTask> =>
  downloadOverHttp(server?.url ?? '', 'vimeo', site.url(pathname));

const limitedRequests = () => site.requests.filter((r) => r.sid === 'limited-session').length;

describe('session and route health', () => {
  it('four downloads complete through the good session and the live proxy; the bad ones rest', async () => {
    expect(server?.url, server?.stderr()).toBeDefined();
    for (let i = 0; i < 2; i += 1) {
      const task = await download();
      expect(task.status, JSON.stringify(task)).toBe('completed');
    }
    // Each bad one was tried once and blamed.
    expect(deadConnections).toBeGreaterThan(0);
    expect(limitedRequests()).toBeGreaterThan(0);
    const [deadSoFar, limitedSoFar] = [deadConnections, limitedRequests()];
    for (let i = 0; i < 2; i += 1) expect((await download()).status).toBe('completed');
    expect([deadConnections, limitedRequests()]).toEqual([deadSoFar, limitedSoFar]);
    const media = live.seen.filter((r) => r.line.endsWith('/media.mp4'));
    expect(media).toHaveLength(4);
    expect(media.every((r) => r.cookie.includes('sid=good-session'))).toBe(true);
    const answer = await fetch(`${server?.url}/health`);
    const health = (await answer.json()) as Health;
    expect(health.access?.vimeo).toEqual({
      sessions: { total: 2, healthy: 1, quarantined: 1 },
      routes: { total: 2, healthy: 1, quarantined: 1 },
    });
    // Counts only: no proxy address or password, no cookie file's name or contents.
    const text = JSON.stringify(health);
    for (const secret of ['route-secret-77', 'limited-session', cookiesDir, String(live.url)])
      expect(text).not.toContain(secret);
  }, 240_000);

  it('/metrics answers the scraper with its token only: downloads, sessions, routes, durations, queue', async () => {
    expect((await fetch(`${server?.url}/metrics`)).status).toBe(401);
    const wrong = await fetch(`${server?.url}/metrics`, { headers: { authorization: 'Bearer nope' } });
    expect(wrong.status).toBe(401);
    const answer = await fetch(`${server?.url}/metrics`, {
      headers: { authorization: `Bearer ${metricsToken}` },
    });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^text\/plain/);
    const text = await answer.text();
    expect(text).toMatch(/^grabbit_downloads_total\{platform="vimeo",outcome="completed"\} 4$/m);
    expect(text).toMatch(/^grabbit_access_sessions\{platform="vimeo",state="quarantined"\} 1$/m);
    expect(text).toMatch(/^grabbit_access_routes\{platform="vimeo",state="healthy"\} 1$/m);
    expect(text).toMatch(
      /^grabbit_download_duration_seconds_count\{platform="vimeo",outcome="completed"\} 4$/m,
    );
    expect(text).toMatch(/^grabbit_queue_depth 0$/m);
    expect(text).not.toContain('route-secret-77');
  });

  it('a not-found link quarantines nothing and is not tried again', async () => {
    const before = site.requests.length;
    const task = await download('/missing.html');
    expect(task.errorCode).toBe('MEDIA_NOT_FOUND');
    expect(site.requests.length - before).toBe(1);
    // The good session and the live route still serve the next download.
    expect((await download()).status).toBe('completed');
    expect(site.requests.at(-1)).toEqual({ path: '/media.mp4', sid: 'good-session' });
  }, 120_000);
});
