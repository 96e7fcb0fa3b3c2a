// A site that needs a login (Instagram, by the catalog) whose session pool has nothing healthy
// left: its downloads fail at once with SITE_UNAVAILABLE instead of running without cookies, the
// operator is told in one warning line and in /health, and a site that needs no login (Vimeo) in
// the same state still runs without cookies. Quarantines are logged, never with a cookie.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { DownloadTask, Health } from '@grabbit/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerRun } from './foundation-server';
import { startOperatorRun, type OperatorRun } from './support/operator-server';
import type { SessionSite } from './support/session-site';
import { downloadOverHttp } from './support/task-over-http';

let run: OperatorRun | undefined;
let site: SessionSite;
let server: ServerRun | undefined;
let cookiesDir: string;

beforeAll(async () => {
  run = await startOperatorRun(['limited-session'], (sessionSite, dir) => {
    sessionSite.rateLimited.add('limited-session');
    for (const platform of ['instagram', 'vimeo', 'tiktok']) mkdirSync(path.join(dir, platform));
    for (const platform of ['instagram', 'vimeo'])
      writeFileSync(path.join(dir, platform, 'limited.txt'), sessionSite.cookieFile('limited-session'));
  });
  ({ site, server, cookiesDir } = run);
}, 120_000);

afterAll(() => run?.close());

const download = (platform: string): Promise<DownloadTask> =>
  downloadOverHttp(server?.url ?? '', platform, site.url('/watch.html'));

/** The server's JSON log lines at warning level. */
const warnings = () =>
  (server?.stdout() ?? '')
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as { level: number; msg: string; [field: string]: unknown })
    .filter((line) => line.level === 40);

describe('a site that needs a login, without a healthy session', () => {
  it('fails fast with SITE_UNAVAILABLE once its only session is quarantined, and tells the operator once', async () => {
    expect(server?.url, server?.stderr()).toBeDefined();
    const first = await download('instagram');
    expect(first.errorCode, JSON.stringify(first)).toBe('SITE_UNAVAILABLE');
    expect(first.error).toBe('Downloads from Instagram are unavailable right now. Please try again later.');
    expect(site.requests.filter((r) => r.sid === 'limited-session')).not.toHaveLength(0);
    const seen = site.requests.length;
    const second = await download('instagram');
    expect(second.errorCode).toBe('SITE_UNAVAILABLE');
    // Nothing was tried: not with the quarantined session, not without one.
    expect(site.requests.length).toBe(seen);
    // Each failed download has its own line; the site's outage is told once.
    const told = warnings().filter((line) => line.msg.startsWith('Instagram needs a login'));
    expect(told).toHaveLength(1);
    expect(told[0]?.platform).toBe('instagram');
    const quarantined = warnings().filter((line) => line.msg.startsWith('session quarantined'));
    expect(quarantined.map((line) => line.session)).toContain('session:instagram/limited.txt');
    expect(server?.stdout()).not.toContain('limited-session');
  }, 120_000);

  it('a site that needs no login runs without cookies when its pool has nothing healthy', async () => {
    const task = await download('vimeo');
    expect(task.errorCode).not.toBe('SITE_UNAVAILABLE');
    // Its session was tried and quarantined, then the page was asked for without one.
    expect(site.requests.at(-1)?.sid).toBe('');
  }, 120_000);

  it('/health counts the pools and warns of the unavailable site and the empty pool', async () => {
    const health = (await (await fetch(`${server?.url}/health`)).json()) as Health;
    expect(health.access?.instagram?.sessions).toEqual({ total: 1, healthy: 0, quarantined: 1 });
    expect(health.access?.tiktok?.sessions).toEqual({ total: 0, healthy: 0, quarantined: 0 });
    expect(health.warnings).toContainEqual(
      expect.stringMatching(/^Instagram needs a login.*SITE_UNAVAILABLE/),
    );
    expect(health.warnings).toContainEqual(expect.stringMatching(/^TikTok: its session pool is empty/));
    expect(JSON.stringify(health)).not.toContain(cookiesDir);
  });
});
