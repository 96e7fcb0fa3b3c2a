// The real app for integration tests: its own data folder, silent logs, no web build, and
// optionally listening on a random port of 127.0.0.1 (for tests that need a real connection).
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app';
import { loadConfig } from '../../src/config/env';

export interface TestApp {
  app: FastifyInstance;
  dataDir: string;
  /** http://127.0.0.1:PORT once listening. */
  origin: string;
  close(): Promise<void>;
}

/** Per-client limits high enough never to be met by a test that is not about them. */
export const testLimits = {
  RATE_LIMIT_API_PER_MINUTE: '1000000',
  RATE_LIMIT_JOBS_PER_MINUTE: '1000000',
  RATE_LIMIT_HUB_PER_MINUTE: '1000000',
  MAX_ACTIVE_JOBS_PER_CLIENT: '1000000',
  DISK_MIN_FREE_MB: '1',
};

export interface TestAppOptions {
  listen?: boolean;
  /** Reuse this data folder (kept on close), e.g. to restart over the same results. */
  dataDir?: string;
  /** Name prefix of the temporary data folder. */
  prefix?: string;
  /** The clock cloud-storage retention reads. */
  now?: () => number;
}

export async function startTestApp(
  env: Record<string, string>,
  options: TestAppOptions = {},
): Promise<TestApp> {
  const dataDir = options.dataDir ?? mkdtempSync(path.join(os.tmpdir(), options.prefix ?? 'grabbit-test-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    WEB_DIST_DIR: path.join(dataDir, 'no-web'),
    // Tests not about limits fire many requests from one address: raise them (the limit tests
    // set their own).
    ...testLimits,
    ...env,
  });
  const app = await buildApp({ config, engines: [], now: options.now });
  let origin = '';
  if (options.listen) origin = await app.listen({ host: '127.0.0.1', port: 0 });
  return {
    app,
    dataDir,
    origin,
    async close() {
      await app.close();
      if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
