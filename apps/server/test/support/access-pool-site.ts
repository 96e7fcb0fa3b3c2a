// The operator's pools the access-health tests (embedded and scaled) run against: the session
// site with a rate-limited and a good session in COOKIES_DIR/vimeo/ (the bad one sorts first, so
// it is tried first), and a dead and a live proxy in YTDLP_PROXY_VIMEO (the dead one listed
// first). `env` is what every server or worker process gets; `healed` downloads four times and
// checks each bad one was tried, blamed and then left alone, and /health counts it quarantined.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { createServer, type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { DownloadTask, Health } from '@grabbit/contracts';
import { expect } from 'vitest';
import { startRecordingProxy, type RecordingProxy } from './recording-proxy';
import { checkLinksAt, startSessionSite, type SessionSite } from './session-site';

export const routeSecret = 'route-secret-77';

export interface AccessPoolSite {
  site: SessionSite;
  live: RecordingProxy;
  cookiesDir: string;
  env: Record<string, string>;
  /** Connections the dead proxy took (and dropped). */
  deadConnections(): number;
  /** Requests the site saw with the rate-limited session. */
  limitedRequests(): number;
  close(): Promise<void>;
}

export async function startAccessPoolSite(): Promise<AccessPoolSite> {
  const site = await startSessionSite(['good-session', 'limited-session']);
  site.rateLimited.add('limited-session');
  const live = await startRecordingProxy('grabbit', routeSecret);
  let deadConnections = 0;
  // A proxy that takes connections and drops them at once.
  const dead = createServer((socket) => {
    deadConnections += 1;
    socket.destroy();
  });
  await new Promise<void>((resolve) => dead.listen(0, '127.0.0.1', resolve));
  const cookiesDir = mkdtempSync(path.join(os.tmpdir(), 'grabbit-health-'));
  mkdirSync(path.join(cookiesDir, 'vimeo'));
  writeFileSync(path.join(cookiesDir, 'vimeo', 'a-limited.txt'), site.cookieFile('limited-session'));
  writeFileSync(path.join(cookiesDir, 'vimeo', 'b-good.txt'), site.cookieFile('good-session'));
  return {
    site,
    live,
    cookiesDir,
    env: {
      MEDIA_TEST_HOSTS: site.host,
      COOKIES_DIR: cookiesDir,
      YTDLP_PROXY_VIMEO: `http://127.0.0.1:${(dead.address() as AddressInfo).port},${live.url}`,
      ...checkLinksAt(site.url('/watch.html')),
    },
    deadConnections: () => deadConnections,
    limitedRequests: () => site.requests.filter((r) => r.sid === 'limited-session').length,
    async close() {
      await live.close();
      await new Promise((resolve) => dead.close(resolve));
      await site.close();
      await rm(cookiesDir, { recursive: true, force: true });
    },
  };
}

/**
 * Four downloads, each completed through the good session and the live proxy: the first two try
 * each bad one once (blamed, quarantined, the download run again), `between` runs, and the last
 * two touch neither. Then /health of `origin` counts one of each quarantined, and names no secret.
 */
export async function expectPoolsHealed(
  pools: AccessPoolSite,
  origin: string,
  download: () => Promise<DownloadTask>,
  between: () => Promise<void> = async () => undefined,
): Promise<void> {
  for (let i = 0; i < 2; i += 1) {
    const task = await download();
    expect(task.status, JSON.stringify(task)).toBe('completed');
  }
  expect(pools.deadConnections()).toBeGreaterThan(0);
  expect(pools.limitedRequests()).toBeGreaterThan(0);
  const [deadSoFar, limitedSoFar] = [pools.deadConnections(), pools.limitedRequests()];
  await between();
  for (let i = 0; i < 2; i += 1) expect((await download()).status).toBe('completed');
  expect([pools.deadConnections(), pools.limitedRequests()]).toEqual([deadSoFar, limitedSoFar]);
  const media = pools.live.seen.filter((r) => r.line.endsWith('/media.mp4'));
  expect(media).toHaveLength(4);
  expect(media.every((r) => r.cookie.includes('sid=good-session'))).toBe(true);
  const health = (await (await fetch(`${origin}/health`)).json()) as Health;
  expect(health.access?.vimeo).toEqual({
    sessions: { total: 2, healthy: 1, quarantined: 1 },
    routes: { total: 2, healthy: 1, quarantined: 1 },
  });
  // Counts only: no proxy address or password, no cookie file's name or contents.
  const text = JSON.stringify(health);
  for (const secret of [routeSecret, 'limited-session', pools.cookiesDir, pools.live.url])
    expect(text).not.toContain(secret);
}
