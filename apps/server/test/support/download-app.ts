// Builds the real app for downloader tests: its own data folder, MEDIA_TEST_HOSTS naming the
// fixture site, listening on a random port when a test needs the hub.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import type { DownloadTask } from '@grabbit/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { startFixtureSite, type FixtureSite } from './fixture-site';
import { startTestApp, type TestApp, type TestAppOptions } from './test-app';

export { startTestApp, type TestApp };

export interface SiteAndApp {
  site: FixtureSite;
  test: TestApp;
}

/**
 * Hooks of a downloader test file: the fixture site, then the app trusting it (plus `env`), both
 * closed after the file. Read `site` and `test` inside the tests, once the hooks have run.
 */
export function useSiteAndApp(env: Record<string, string> = {}, options: TestAppOptions = {}): SiteAndApp {
  const context = {} as SiteAndApp;
  beforeAll(async () => {
    context.site = await startFixtureSite();
    context.test = await startTestApp(
      { MEDIA_TEST_HOSTS: context.site.host, ...env },
      { prefix: 'grabbit-download-', ...options },
    );
  });
  afterAll(async () => {
    await context.test?.close();
    await context.site?.close();
  });
  return context;
}

/** Folders left in DATA_DIR/jobs (none once every job has ended). */
export function jobFolders(dataDir: string): string[] {
  try {
    return readdirSync(path.join(dataDir, 'jobs'));
  } catch {
    return [];
  }
}

/** Polls the status call until the task has finished. */
export async function waitForTask(
  app: FastifyInstance,
  taskId: string,
  timeoutMs = 60_000,
): Promise<DownloadTask> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const response = await app.inject({ method: 'GET', url: `/api/download/task/${taskId}` });
    const task = response.json<DownloadTask>();
    if (task.status === 'completed' || task.status === 'error') return task;
    if (Date.now() > deadline) throw new Error(`task ${taskId} still ${task.status}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** ffprobe's view of a file: container, codecs, picture width and audio channels. */
export async function probeFile(
  file: string,
): Promise<{ format: string; codecs: string[]; width?: number; channels?: number }> {
  const { execFileSync } = await import('node:child_process');
  const out = execFileSync(
    'ffprobe',
    ['-v', 'error', '-print_format', 'json', '-show_streams', '-show_format', file],
    { encoding: 'utf8' },
  );
  const json = JSON.parse(out) as {
    format: { format_name: string };
    streams: { codec_name: string; width?: number; channels?: number }[];
  };
  return {
    format: json.format.format_name,
    codecs: json.streams.map((s) => s.codec_name),
    width: json.streams.find((s) => s.width)?.width,
    channels: json.streams.find((s) => s.channels)?.channels,
  };
}

/**
 * Unzips a zip answer into a temporary folder and hands `check` its file names (sorted) and the
 * folder, removed afterwards.
 */
export async function withUnzipped(
  zip: Buffer,
  check: (names: string[], dir: string) => Promise<void>,
): Promise<void> {
  const { execFileSync } = await import('node:child_process');
  const { mkdtempSync, rmSync, writeFileSync } = await import('node:fs');
  const os = await import('node:os');
  const dir = mkdtempSync(path.join(os.tmpdir(), 'grabbit-zip-'));
  try {
    writeFileSync(path.join(dir, 'p.zip'), zip);
    execFileSync('unzip', ['-q', 'p.zip', '-d', 'out'], { cwd: dir });
    const out = path.join(dir, 'out');
    await check(readdirSync(out).sort(), out);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
