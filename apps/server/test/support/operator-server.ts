// The real server as an operator runs it for the access tests: operator settings on top of the
// test environment, logging at info (the tests read the warnings it writes); and a whole run of it
// with the session site and a COOKIES_DIR of its own, stopped and removed by close().
import { mkdtempSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { runServer, stopServer, type ServerRun } from '../foundation-server';
import { checkLinksAt, startSessionSite, type SessionSite } from './session-site';

export function runOperatorServer(env: Record<string, string>): Promise<ServerRun> {
  return runServer(
    {
      NODE_ENV: 'test',
      LOG_LEVEL: 'info',
      // Only the API budget is lifted: each download's task is polled closely (the shipped
      // per-minute budget would answer 429 to the polling); job starts keep the shipped limit.
      RATE_LIMIT_API_PER_MINUTE: '100000',
      ...env,
    },
    60_000,
  );
}

export interface OperatorRun {
  site: SessionSite;
  cookiesDir: string;
  server: ServerRun;
  close(): Promise<void>;
}

/**
 * The session site knowing `sessions`, a COOKIES_DIR `prepare` fills, and the server using both,
 * with the site's page as every platform's check link (and `env` on top).
 */
export async function startOperatorRun(
  sessions: string[],
  prepare: (site: SessionSite, cookiesDir: string) => void,
  env: Record<string, string> = {},
): Promise<OperatorRun> {
  const site = await startSessionSite(sessions);
  const cookiesDir = mkdtempSync(path.join(os.tmpdir(), 'grabbit-operator-'));
  prepare(site, cookiesDir);
  const server = await runOperatorServer({
    MEDIA_TEST_HOSTS: site.host,
    COOKIES_DIR: cookiesDir,
    ...checkLinksAt(site.url('/watch.html')),
    ...env,
  });
  return {
    site,
    cookiesDir,
    server,
    async close() {
      await stopServer(server);
      await site.close();
      await rm(cookiesDir, { recursive: true, force: true });
    },
  };
}
