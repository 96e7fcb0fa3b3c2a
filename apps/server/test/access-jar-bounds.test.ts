// The jar written back over an operator's session file keeps only the platform's own cookies, at
// most SESSION_JAR_MAX_COOKIES of them (the session's own first), and the log says once per
// session that some were left out. The session site sets a cookie of a new name on every answer.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { DownloadTask } from '@grabbit/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerRun } from './foundation-server';
import { startOperatorRun, type OperatorRun } from './support/operator-server';
import type { SessionSite } from './support/session-site';
import { downloadOverHttp } from './support/task-over-http';

let run: OperatorRun | undefined;
let site: SessionSite;
let server: ServerRun | undefined;
let cookiesDir: string;
const maxCookies = 3;
const foreign = '.tracker.example\tTRUE\t/\tFALSE\t1999999999\ttrack\tabc\n';

beforeAll(async () => {
  run = await startOperatorRun(
    ['good-session'],
    (sessionSite, dir) => {
      mkdirSync(path.join(dir, 'vimeo'));
      writeFileSync(path.join(dir, 'vimeo', 'good.txt'), sessionSite.cookieFile('good-session') + foreign);
    },
    { SESSION_JAR_MAX_COOKIES: String(maxCookies) },
  );
  ({ site, server, cookiesDir } = run);
}, 120_000);

afterAll(() => run?.close());

const download = (): Promise<DownloadTask> =>
  downloadOverHttp(server?.url ?? '', 'vimeo', site.url('/watch.html'), 300_000);

const cookieLines = (jar: string) =>
  jar
    .split('\n')
    .filter((line) => line.trim() !== '' && (!line.startsWith('#') || line.startsWith('#HttpOnly_')));

describe('session jar write-back', () => {
  it("keeps the platform's own cookies within the bound, and says so once", async () => {
    expect(server?.url, server?.stderr()).toBeDefined();
    for (let i = 0; i < 3; i += 1) expect((await download()).status).toBe('completed');
    const jar = readFileSync(path.join(cookiesDir, 'vimeo', 'good.txt'), 'utf8');
    expect(jar).toMatch(/\tsid\tgood-session\n/);
    expect(jar).not.toContain('tracker.example');
    expect(cookieLines(jar).length).toBeLessThanOrEqual(maxCookies);
    const told = (server?.stdout() ?? '')
      .split('\n')
      .filter((line) => line.includes('left out of a session'));
    expect(told).toHaveLength(1);
    expect(told[0]).toContain('"session":"vimeo/good.txt"');
    expect(told[0]).not.toContain('good-session');
  }, 900_000);
});
