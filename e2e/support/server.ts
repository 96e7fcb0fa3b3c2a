// Starts the real Grabbit server for browser tests: a free port on 127.0.0.1, a throw-away data
// folder, quiet logs. It serves the built pages (apps/web/dist; `npm run build` runs before tests).
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from '../../apps/server/test/support/free-port';

const repoRoot = path.resolve(import.meta.dirname, '../..');

export interface RunningServer {
  /** http://127.0.0.1:{port}, no trailing slash. */
  url: string;
  port: number;
  dataDir: string;
  /** What the server printed so far (for failure messages). */
  output: () => string;
  stop: () => Promise<void>;
}

export { freePort };

async function waitForHealth(
  url: string,
  child: ChildProcess,
  output: () => string,
  timeoutMs: number,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`Server exited with ${child.exitCode}:\n${output()}`);
    try {
      // Any answer means it listens (503 only says an engine is missing).
      await fetch(`${url}/health`, { signal: AbortSignal.timeout(1000) });
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 150));
    }
  }
  throw new Error(`Server did not answer ${url}/health within ${timeoutMs} ms:\n${output()}`);
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => child.kill('SIGKILL'), 5000);
    child.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

export async function startServer({
  env = {},
  timeoutMs = 30_000,
}: { env?: Record<string, string>; timeoutMs?: number } = {}): Promise<RunningServer> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'grabbit-e2e-'));
  const url = `http://127.0.0.1:${port}`;
  let log = '';
  const child = spawn(path.join(repoRoot, 'node_modules/.bin/tsx'), ['apps/server/src/server.ts'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'warn',
      DATA_DIR: dataDir,
      // Browser tests fire many requests from one address; the limits have their own tests.
      RATE_LIMIT_API_PER_MINUTE: '1000000',
      RATE_LIMIT_JOBS_PER_MINUTE: '1000000',
      RATE_LIMIT_HUB_PER_MINUTE: '1000000',
      MAX_ACTIVE_JOBS_PER_CLIENT: '1000000',
      DISK_MIN_FREE_MB: '1',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  const output = () => log;
  const stop = async () => {
    await stopChild(child);
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitForHealth(url, child, output, timeoutMs);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, port, dataDir, output, stop };
}
