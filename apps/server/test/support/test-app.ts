// The real app for integration tests, started as `npm start` starts it: in a fresh temporary
// working folder with the default, relative data folder (`.data`, see working-folder.ts); silent
// logs, no web build, and optionally listening on a random port of 127.0.0.1 (for tests that need
// a real connection).
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { inject } from 'vitest';
import { buildApp } from '../../src/app';
import { loadConfig } from '../../src/config/env';
import { ContractCheck } from './contract-check';
import { testLimits } from './test-limits';
import { enterFolder, freshFolder, removeFolder } from './working-folder';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Settings that put a test app in scaled mode (set only in the integration-scaled project). */
    scaledEnv?: Record<string, string>;
  }
}

export interface TestApp {
  app: FastifyInstance;
  /** The app's data folder (absolute): `.data` in its working folder, or the `dataDir` option. */
  dataDir: string;
  /** http://127.0.0.1:PORT once listening. */
  origin: string;
  close(): Promise<void>;
}

export interface TestAppOptions {
  listen?: boolean;
  /** Reuse this data folder (kept on close), e.g. to restart over the same results. */
  dataDir?: string;
  /** Name prefix of the temporary working folder. */
  prefix?: string;
  /** The clock cloud-storage retention reads. */
  now?: () => number;
  /** Collects the app's log lines (JSON) here; give LOG_LEVEL in env too. */
  logLines?: string[];
}

/**
 * In the integration-scaled project, the settings of scaled mode with a Redis name space of this
 * app's own (its queues are not another file's); elsewhere (and outside vitest) nothing.
 */
function scaledEnv(): Record<string, string> {
  let provided: Record<string, string> | undefined;
  try {
    provided = inject('scaledEnv');
  } catch {
    return {};
  }
  return provided ? { ...provided, REDIS_PREFIX: `test-${randomUUID().slice(0, 8)}` } : {};
}

export async function startTestApp(
  env: Record<string, string>,
  options: TestAppOptions = {},
): Promise<TestApp> {
  // A reused data folder is named as is; otherwise DATA_DIR stays unset, as `npm start` leaves it.
  const workDir = options.dataDir ? undefined : freshFolder(options.prefix ?? 'grabbit-test-');
  const leave = workDir ? enterFolder(workDir) : () => undefined;
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    ...(options.dataDir ? { DATA_DIR: options.dataDir } : {}),
    WEB_DIST_DIR: path.join(workDir ?? options.dataDir ?? '', 'no-web'),
    // Tests not about limits fire many requests from one address: raise them (the limit tests
    // set their own).
    ...testLimits,
    ...scaledEnv(),
    ...env,
  });
  const { logLines } = options;
  const logStream = logLines ? { write: (line: string) => void logLines.push(line) } : undefined;
  const dataDir = config.DATA_DIR;
  const app = await buildApp({ config, engines: [], now: options.now, ...(logStream ? { logStream } : {}) });
  // Every answer is checked against the API document when the app closes (contract-check.ts).
  const contract = new ContractCheck();
  contract.record(app);
  let origin = '';
  if (options.listen) origin = await app.listen({ host: '127.0.0.1', port: 0 });
  return {
    app,
    dataDir,
    origin,
    async close() {
      const breaches = await contract.violations(app);
      await app.close();
      if (workDir) removeFolder(workDir, leave);
      if (breaches.length > 0)
        throw new Error(`The API document does not describe these answers:\n${breaches.join('\n')}`);
    },
  };
}
