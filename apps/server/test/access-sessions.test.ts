// The operator's session pool under the real server, against a site that wants a session and sets
// a cookie of its own: a download uses a session of COOKIES_DIR/<platform>/, the jar yt-dlp saves
// is written back over the session's file, and a file added to the pool is used without a restart.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { DownloadTask, Health } from '@grabbit/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerRun } from './foundation-server';
import { startOperatorRun, type OperatorRun } from './support/operator-server';
import type { SessionSite } from './support/session-site';
import { downloadOverHttp } from './support/task-over-http';
import { until } from './support/until';

let run: OperatorRun | undefined;
let site: SessionSite;
let server: ServerRun | undefined;
let cookiesDir: string;
const pool = () => path.join(cookiesDir, 'vimeo');

beforeAll(async () => {
  run = await startOperatorRun(['good-session', 'fresh-session'], (sessionSite, dir) => {
    mkdirSync(path.join(dir, 'vimeo'));
    writeFileSync(path.join(dir, 'vimeo', 'good.txt'), sessionSite.cookieFile('good-session'));
  });
  ({ site, server, cookiesDir } = run);
}, 120_000);

afterAll(() => run?.close());

const download = (): Promise<DownloadTask> =>
  downloadOverHttp(server?.url ?? '', 'vimeo', site.url('/watch.html'), 60_000);

describe('session pool', () => {
  it("a download uses the pool's session, and the jar the site updated is written back", async () => {
    expect(server?.url, server?.stderr()).toBeDefined();
    const task = await download();
    expect(task.status, JSON.stringify(task)).toBe('completed');
    // Without METRICS_TOKEN there is no /metrics.
    expect((await fetch(`${server?.url}/metrics`)).status).toBe(404);
    expect(site.requests.filter((r) => r.path === '/media.mp4').map((r) => r.sid)).toEqual(['good-session']);
    const jar = readFileSync(path.join(pool(), 'good.txt'), 'utf8');
    expect(jar).toMatch(/\tsid\tgood-session\n/);
    expect(jar).toMatch(/\tvisit\tv\d+\n/);
  }, 90_000);

  it('a session file added to the pool is counted within 15 s and used, without a restart', async () => {
    const sessionsCounted = async () =>
      ((await (await fetch(`${server?.url}/health`)).json()) as Health).access?.vimeo?.sessions.total;
    expect(await sessionsCounted()).toBe(1);
    writeFileSync(path.join(pool(), 'fresh.txt'), site.cookieFile('fresh-session'));
    await until(async () => (await sessionsCounted()) === 2, 'the added session counted', 15_000);
    const added = Date.now();
    await until(
      async () => {
        expect((await download()).status).toBe('completed');
        return site.requests.some((r) => r.sid === 'fresh-session');
      },
      'the added session used',
      60_000,
    );
    // Picked up well within 15 s of being added (a download takes a few seconds of that).
    expect(Date.now() - added).toBeLessThan(15_000 + 10_000);
  }, 90_000);
});
