// Builds the real app for downloader tests: its own data folder, MEDIA_TEST_HOSTS naming the
// fixture site, listening on a random port when a test needs the hub.
import { execFileSync } from 'node:child_process';
import { readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { DownloadTask } from '@grabbit/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect } from 'vitest';
import { startFixtureSite, type FixtureSite } from './fixture-site';
import { startTestApp, type TestApp, type TestAppOptions } from './test-app';
import { polled } from './until';

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
  const { value: task, ended } = await polled(
    async () =>
      (await app.inject({ method: 'GET', url: `/api/download/task/${taskId}` })).json<DownloadTask>(),
    (read) => read.status === 'completed' || read.status === 'error',
    timeoutMs,
    100,
  );
  if (!ended) throw new Error(`task ${taskId} still ${task.status}`);
  return task;
}

/**
 * Starts a download through the site's call, waits for it to complete, fetches its file and saves
 * it in the temporary folder (for the engines to read back).
 */
export async function downloadSaved(
  app: FastifyInstance,
  platform: string,
  payload: object,
  timeoutMs: number,
): Promise<{ task: DownloadTask; body: Buffer; file: string }> {
  const start = await app.inject({ method: 'POST', url: `/api/download/${platform}`, payload });
  expect(start.statusCode, start.body).toBe(200);
  const task = await waitForTask(app, start.json<{ taskId: string }>().taskId, timeoutMs);
  expect(task.status, task.error).toBe('completed');
  const answer = await app.inject({ method: 'GET', url: task.downloadUrl ?? '' });
  expect(answer.statusCode).toBe(200);
  // In the test file's working folder (support/working-folder-setup.ts), removed with it.
  const file = path.resolve(`grabbit-saved-${task.taskId}-${task.fileName ?? 'file'}`);
  writeFileSync(file, answer.rawPayload);
  return { task, body: answer.rawPayload, file };
}

/** ffprobe's own answer for a file, with the container's tags, every stream and the chapters. */
export interface ProbedWithTags {
  format: { format_name: string; duration: string; tags?: Record<string, string> };
  streams: {
    codec_type: string;
    codec_name: string;
    width?: number;
    height?: number;
    duration?: string;
    disposition?: { attached_pic?: number };
  }[];
  chapters: { start_time: string; end_time: string; tags?: { title?: string } }[];
}

export function probeWithTags(file: string): ProbedWithTags {
  const out = execFileSync(
    'ffprobe',
    ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', '-show_chapters', file],
    { encoding: 'utf8' },
  );
  return JSON.parse(out) as ProbedWithTags;
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
