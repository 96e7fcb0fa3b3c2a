// Builds the real app for downloader tests: its own data folder, MEDIA_TEST_HOSTS naming the
// fixture site, listening on a random port when a test needs the hub.
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { DownloadTask } from '@grabbit/contracts';
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

export async function startTestApp(env: Record<string, string>, options: { listen?: boolean; dataDir?: string } = {}): Promise<TestApp> {
  const dataDir = options.dataDir ?? mkdtempSync(path.join(os.tmpdir(), 'grabbit-download-'));
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir, WEB_DIST_DIR: path.join(dataDir, 'no-web'), ...env });
  const app = await buildApp({ config, engines: [] });
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

/** Folders left in DATA_DIR/jobs (none once every job has ended). */
export function jobFolders(dataDir: string): string[] {
  try {
    return readdirSync(path.join(dataDir, 'jobs'));
  } catch {
    return [];
  }
}

/** Polls the status call until the task has finished. */
export async function waitForTask(app: FastifyInstance, taskId: string, timeoutMs = 60_000): Promise<DownloadTask> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const response = await app.inject({ method: 'GET', url: `/api/download/task/${taskId}` });
    const task = response.json<DownloadTask>();
    if (task.status === 'completed' || task.status === 'error') return task;
    if (Date.now() > deadline) throw new Error(`task ${taskId} still ${task.status}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** ffprobe's view of a file: container and codecs. */
export async function probeFile(file: string): Promise<{ format: string; codecs: string[]; width?: number }> {
  const { execFileSync } = await import('node:child_process');
  const out = execFileSync('ffprobe', ['-v', 'error', '-print_format', 'json', '-show_streams', '-show_format', file], { encoding: 'utf8' });
  const json = JSON.parse(out) as { format: { format_name: string }; streams: { codec_name: string; width?: number }[] };
  return { format: json.format.format_name, codecs: json.streams.map((s) => s.codec_name), width: json.streams.find((s) => s.width)?.width };
}
