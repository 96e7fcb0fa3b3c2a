// One client's budget of check-link reads (ACCESS_CHECKS_PER_CLIENT_HOUR) holds across API
// processes: the client is one key on every node (the salt is shared through Redis) and the count
// is the shared access ledger's, so failing links sent alternately through two API processes (run
// by one worker) have the check link read once, and never rest the only session.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRedis, type TestRedis } from './support/redis-server';
import { startS3, type TestS3 } from './support/s3-server';
import {
  startApiProcess,
  startWorkerProcess,
  type ApiProcess,
  type NodeProcess,
} from './support/scaled-processes';
import { checkLinksAt, startSessionSite, type SessionSite } from './support/session-site';
import { downloadOverHttp } from './support/task-over-http';

let redis: TestRedis;
let s3: TestS3;
let site: SessionSite;
let cookiesDir = '';
const processes: NodeProcess[] = [];
let apis: ApiProcess[] = [];

beforeAll(async () => {
  [redis, s3, site] = await Promise.all([startRedis(), startS3(), startSessionSite(['good-session'])]);
  cookiesDir = mkdtempSync(path.join(os.tmpdir(), 'grabbit-scaled-checks-'));
  mkdirSync(path.join(cookiesDir, 'instagram'));
  writeFileSync(path.join(cookiesDir, 'instagram', 'only.txt'), site.cookieFile('good-session'));
  const env = {
    REDIS_URL: redis.url,
    ...s3.env(),
    MEDIA_TEST_HOSTS: site.host,
    COOKIES_DIR: cookiesDir,
    ...checkLinksAt(site.url('/watch.html')),
    ACCESS_CHECKS_PER_CLIENT_HOUR: '1',
  };
  apis = [await startApiProcess('api-1', env), await startApiProcess('api-2', env)];
  processes.push(...apis, await startWorkerProcess('worker', env));
}, 180_000);

afterAll(async () => {
  await Promise.all(processes.map((process) => process.stop()));
  await Promise.all([redis?.close(), s3?.close(), site?.close()]);
  if (cookiesDir) rmSync(cookiesDir, { recursive: true, force: true });
});

describe('the check-link budget in scaled mode', () => {
  it("counts one client's checks on every API process together", async () => {
    const checks = () => site.requests.filter((r) => r.path === '/watch.html').length;
    for (const [i, api] of [apis[0], apis[1], apis[0], apis[1]].entries()) {
      const failed = await downloadOverHttp(
        api?.origin ?? '',
        'instagram',
        site.url(`/refused/login_required_${'x'.repeat(30)}${i}`),
        300_000,
      );
      expect(failed.status, JSON.stringify(failed)).toBe('error');
      expect(failed.errorCode).not.toBe('SITE_UNAVAILABLE');
    }
    expect(checks()).toBe(1);
  }, 1_200_000);
});
