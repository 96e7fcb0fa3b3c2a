// `npm run check-sites` offline: the real command against the local fixture site (its host in
// MEDIA_TEST_HOSTS) with a link file naming one good and one broken link: both rows in the table,
// yt-dlp's own error line for the broken one, and the exit code says whether every site worked.
// With the operator's pools (a rate-limited and a good session, a dead and a live proxy), a row
// per route and per session, each named without a secret.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { platforms } from '@grabbit/catalog';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routeSecret, startAccessPoolSite } from './support/access-pool-site';
import { startFixtureSite, type FixtureSite } from './support/fixture-site';

const repoRoot = path.resolve(import.meta.dirname, '../../..');
let site: FixtureSite;
let dir: string;

beforeAll(async () => {
  site = await startFixtureSite();
  dir = mkdtempSync(path.join(os.tmpdir(), 'grabbit-check-sites-test-'));
});
afterAll(async () => {
  await site?.close();
  rmSync(dir, { recursive: true, force: true });
});

function checkSites(
  lines: string[],
  env: Record<string, string> = {},
): Promise<{ code: number | null; out: string }> {
  const file = path.join(dir, `links-${lines.length}.txt`);
  writeFileSync(file, `# platform link\n${lines.join('\n')}\n`);
  const child = spawn('npm', ['run', '--silent', 'check-sites', '--', '--links', file, '--timeout', '60'], {
    cwd: repoRoot,
    env: { ...process.env, NODE_ENV: 'test', MEDIA_TEST_HOSTS: site.host, LOG_LEVEL: 'silent', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, out })));
}

/** The table's rows for a site: their cells, split on the two-space column gap. */
const rows = (out: string, site: string) =>
  out
    .split('\n')
    .filter((line) => line.startsWith(`${site} `))
    .map((line) => line.split(/ {2,}/));
const row = (out: string, site: string) => rows(out, site)[0];

describe('npm run check-sites', () => {
  it('prints a row per site, the failed one with yt-dlp’s error, and exits non-zero', async () => {
    const good = site.url('/one.html');
    const broken = site.url('/missing.mp4');
    const { code, out } = await checkSites([`youtube ${good}`, `vimeo ${broken}`]);
    expect(code, out).toBe(1);
    expect(out).toMatch(/^site +session or route +link +result +seconds +format and size +error$/m);
    const ok = row(out, 'YouTube');
    expect(ok?.slice(0, 4), out).toEqual(['YouTube', '-', good, 'ok']);
    expect(Number(ok?.[4])).toBeGreaterThan(0);
    expect(ok?.[5]).toMatch(/^mp4 160x120, \d+ KB$/);
    const failed = row(out, 'Vimeo');
    expect(failed?.slice(0, 4), out).toEqual(['Vimeo', '-', broken, 'failed']);
    expect(failed?.at(-1)).toMatch(/^ERROR: .*404/);
    expect(out).toContain('1 ok, 1 failed');
  }, 180_000);

  it('exits 0 when every site worked', async () => {
    const { code, out } = await checkSites([`twitter ${site.url('/a.mp4')}`]);
    expect(code, out).toBe(0);
    expect(row(out, 'Twitter')?.[3]).toBe('ok');
    expect(out).toContain('1 ok, 0 failed');
  }, 180_000);

  it("checks a site once per healthy route and session of the operator's pools", async () => {
    const pools = await startAccessPoolSite();
    try {
      const link = pools.site.url('/watch.html');
      const { code, out } = await checkSites([`vimeo ${link}`], pools.env);
      expect(code, out).toBe(1);
      const vimeo = rows(out, 'Vimeo');
      expect(
        vimeo.map((cells) => cells.slice(0, 4)),
        out,
      ).toEqual([
        ['Vimeo', 'route 1', link, 'failed'],
        ['Vimeo', 'route 2', link, 'ok'],
        ['Vimeo', 'vimeo/a-limited.txt', link, 'failed'],
        ['Vimeo', 'vimeo/b-good.txt', link, 'ok'],
      ]);
      expect(vimeo[2]?.at(-1)).toMatch(/^ERROR: .*429/);
      expect(out).toContain('2 ok, 2 failed');
      for (const secret of [routeSecret, 'limited-session', 'good-session', pools.cookiesDir])
        expect(out).not.toContain(secret);
    } finally {
      await pools.close();
    }
  }, 240_000);

  it('the catalog keeps one public check link per site, on the site itself', () => {
    for (const platform of platforms) {
      const host = new URL(platform.checkLink).hostname;
      expect(
        platform.hosts.some((h) => host === h || host.endsWith(`.${h}`)),
        platform.id,
      ).toBe(true);
    }
  });
});
