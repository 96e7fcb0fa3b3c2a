// Starts the real Grabbit server for browser tests as `npm start` runs it: in a throw-away working
// folder with the default, relative data folder (`.data`), on a free port of 127.0.0.1; quiet logs, and the shipped per-client limits (rate limits and the running-job cap as
// `npm start` has them): the pages must work within them. A test that must lift a limit passes
// only that one in `env` and says why. It serves the built pages (apps/web/dist; `npm run build`
// runs before tests).
import { spawn, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { freePort } from '../../apps/server/test/support/free-port';
import { defaultDataDir, freshFolder } from '../../apps/server/test/support/working-folder';
import { buildServer, serverDist, serverNodeFlags } from '../../scripts/build-server.mjs';

export interface RunningServer {
  /** http://127.0.0.1:{port}, no trailing slash. */
  url: string;
  port: number;
  /** The server's data folder: `.data` in its working folder. */
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

/**
 * The one place that says how the server process is run (today its TypeScript through tsx), so
 * running the built JavaScript instead is a change here only.
 */
/** The server as `npm start` ships it: compiled JavaScript run by Node (built when sources changed). */
async function spawnServer(workDir: string, env: Record<string, string>): Promise<ChildProcess> {
  await buildServer({ quiet: true });
  return spawn(process.execPath, [...serverNodeFlags, path.join(serverDist, 'server.js')], {
    cwd: workDir,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

export async function startServer({
  env = {},
  timeoutMs = 30_000,
}: { env?: Record<string, string>; timeoutMs?: number } = {}): Promise<RunningServer> {
  const port = await freePort();
  const workDir = freshFolder('grabbit-e2e-');
  const url = `http://127.0.0.1:${port}`;
  let log = '';
  const child = await spawnServer(workDir, {
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    PORT: String(port),
    LOG_LEVEL: 'warn',
    // The test machine's disk may be fuller than a server's; free space is not what these test.
    DISK_MIN_FREE_MB: '1',
    ...env,
  });
  child.stdout?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  const output = () => log;
  const stop = async () => {
    await stopChild(child);
    rmSync(workDir, { recursive: true, force: true });
  };
  try {
    await waitForHealth(url, child, output, timeoutMs);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, port, dataDir: defaultDataDir(workDir), output, stop };
}
