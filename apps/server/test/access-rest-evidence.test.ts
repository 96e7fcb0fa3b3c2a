// No visitor can rest the operator's sessions: a link the site refuses to every session (a made-up
// post id, with "login required" in it) fails on its own, with its own message, and rests nothing,
// because the platform's check link read with the same session works; each such failure moves to
// no other session, and one client's failures have the check link tried a few times an hour at
// most (ACCESS_CHECKS_PER_CLIENT_HOUR). Instagram needs a login, so a rested only session would
// have answered SITE_UNAVAILABLE to everyone. (A session the check link fails with too is rested:
// access-site-unavailable and access-health.)
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
const checksPerHour = 1;

beforeAll(async () => {
  run = await startOperatorRun(
    ['good-session'],
    (sessionSite, dir) => {
      mkdirSync(path.join(dir, 'instagram'));
      writeFileSync(path.join(dir, 'instagram', 'only.txt'), sessionSite.cookieFile('good-session'));
    },
    { ACCESS_CHECKS_PER_CLIENT_HOUR: String(checksPerHour), RATE_LIMIT_JOBS_PER_MINUTE: '100' },
  );
  ({ site, server } = run);
}, 120_000);

afterAll(() => run?.close());

// A busy machine gives yt-dlp little time: each failure also waits for its check.
const download = (pathname: string): Promise<DownloadTask> =>
  downloadOverHttp(server?.url ?? '', 'instagram', site.url(pathname), 300_000);

const warnings = () =>
  (server?.stdout() ?? '')
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as { level: number; msg: string })
    .filter((line) => line.level === 40);

describe("a visitor's failing link", () => {
  it('fails on its own and rests nothing; checks are bounded per client; the site stays up', async () => {
    expect(server?.url, server?.stderr()).toBeDefined();
    const checks = () => site.requests.filter((r) => r.path === '/watch.html').length;
    for (let i = 0; i < checksPerHour + 2; i += 1) {
      const seen = site.requests.length;
      const failed = await download(`/refused/login_required_${'x'.repeat(30)}${i}`);
      expect(failed.status, JSON.stringify(failed)).toBe('error');
      expect(failed.errorCode).not.toBe('SITE_UNAVAILABLE');
      // The link was asked for once, with the only session: no other was tried for it.
      const asked = site.requests.slice(seen).filter((r) => r.path.startsWith('/refused/'));
      expect(asked.map((r) => r.sid)).toEqual(['good-session']);
    }
    // The check link was read with the same session for the first failures only.
    expect(checks()).toBe(checksPerHour);
    expect(warnings().filter((line) => line.msg.includes('quarantined'))).toEqual([]);
    const health = (await (await fetch(`${server?.url}/health`)).json()) as Health;
    expect(health.access?.instagram?.sessions).toEqual({ total: 1, healthy: 1, quarantined: 0 });
    const task = await download('/watch.html');
    expect(task.status, JSON.stringify(task)).toBe('completed');
  }, 1_200_000);
});
