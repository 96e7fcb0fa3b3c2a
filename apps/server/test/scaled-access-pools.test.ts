// The operator's session and route pools in scaled mode: an API process and two worker processes
// sharing one redis-server and bucket, each started as `npm start` / `npm run worker` start (its
// own working folder, the default relative DATA_DIR). The first worker meets the rate-limited
// session and the dead proxy and quarantines them; the second, started after, never tries either,
// and /health of the API process (which runs no job) counts both quarantined: the ledger is shared.
// With Redis gone, /health still answers and says the pools' health cannot be read.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Health } from '@grabbit/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectPoolsHealed, startAccessPoolSite, type AccessPoolSite } from './support/access-pool-site';
import { startRedis, type TestRedis } from './support/redis-server';
import { startS3, type TestS3 } from './support/s3-server';
import {
  startApiProcess,
  startWorkerProcess,
  type ApiProcess,
  type NodeProcess,
} from './support/scaled-processes';
import { downloadOverHttp } from './support/task-over-http';
import { until } from './support/until';

let redis: TestRedis;
let s3: TestS3;
let pools: AccessPoolSite;
let api: ApiProcess;
const processes: NodeProcess[] = [];
const workDirs: string[] = [];
let env: Record<string, string>;

/** A working folder of its own, as each machine of a deployment has. */
const workDir = () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'grabbit-scaled-pools-'));
  workDirs.push(dir);
  return dir;
};

const worker = async (name: string) => {
  const started = await startWorkerProcess(name, env, { cwd: workDir() });
  processes.push(started);
  return started;
};

beforeAll(async () => {
  [redis, s3, pools] = await Promise.all([startRedis(), startS3(), startAccessPoolSite()]);
  env = { REDIS_URL: redis.url, ...s3.env(), ...pools.env };
  api = await startApiProcess('api', env, { cwd: workDir() });
  processes.push(api);
}, 120_000);

afterAll(async () => {
  await Promise.all(processes.map((process) => process.stop()));
  await Promise.all([redis?.close(), s3?.close(), pools?.close()]);
  for (const dir of workDirs) rmSync(dir, { recursive: true, force: true });
});

describe('access pools shared by two workers', () => {
  it("a quarantine one worker recorded is honoured by the other, and counted by the API's /health", async () => {
    const first = await worker('worker-a');
    let second: NodeProcess | undefined;
    await expectPoolsHealed(
      pools,
      api.origin,
      () => downloadOverHttp(api.origin, 'vimeo', pools.site.url('/watch.html')),
      async () => {
        second = await worker('worker-b');
        await first.stop();
      },
    );
    // The last two downloads ran on the second worker.
    expect(second?.output()).toContain('job started');
  }, 300_000);

  it("/health still answers while Redis is away, and says the pools' health cannot be read", async () => {
    await redis.stop();
    await until(async () => {
      const health = (await (await fetch(`${api.origin}/health`)).json()) as Health;
      return health.warnings.includes(
        "The health of the operator's sessions and routes cannot be read right now",
      );
    }, 'the unreadable pools told in /health');
  });
});
