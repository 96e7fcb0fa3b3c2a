// The usual frame of a browser test file: the real server and Chromium start before the file's tests
// and stop after them. Call it at the top of a test file, before the file's own hooks.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { launchChromium } from './chromium';
import { startServer, type RunningServer } from './server';

export interface ServerAndBrowser {
  /** Set once the file's first beforeAll ran. */
  readonly server: RunningServer;
  readonly browser: Browser;
}

/** `env`: settings a test file needs beyond the shipped ones (it says why). */
export function startServerAndBrowser(env: Record<string, string> = {}): ServerAndBrowser {
  const session: { server?: RunningServer; browser?: Browser } = {};
  beforeAll(async () => {
    [session.server, session.browser] = await Promise.all([startServer({ env }), launchChromium()]);
  });
  afterAll(async () => {
    await session.browser?.close();
    await session.server?.stop();
  });
  return session as ServerAndBrowser;
}

/** A fresh temporary folder for the file's saved downloads, removed after the file's tests. */
export function useTempDir(prefix: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}
