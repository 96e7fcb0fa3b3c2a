// API and worker processes for scaled-mode tests and benchmarks: real `server.ts` and `worker.ts`
// processes (Node with tsx as its loader, so a SIGKILL reaches the process itself), each on its
// own free port and data folder unless told otherwise, all stopped by the caller.
import type { DownloadTask } from '@grabbit/contracts';
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { freePort } from './free-port';
import { testLimits } from './test-limits';
import { until } from './until';
import { tsxLoader } from './working-folder';

export interface NodeProcess {
  name: string;
  child: ChildProcess;
  /** Everything it printed so far (pino JSON lines). */
  output(): string;
  /** SIGTERM (graceful), then SIGKILL after `graceMs`; resolves when it has exited. */
  stop(graceMs?: number): Promise<void>;
}

export interface ApiProcess extends NodeProcess {
  origin: string;
}

const sourceDir = path.resolve(import.meta.dirname, '../../src');

/** How a process is started besides its settings. */
export interface LaunchOptions {
  /** Its working folder (a relative DATA_DIR is under it, as with `npm start`); the caller's by default. */
  cwd?: string;
}

function launch(
  name: string,
  entry: string,
  env: Record<string, string>,
  { cwd }: LaunchOptions = {},
): NodeProcess {
  const child = spawn(process.execPath, ['--import', tsxLoader, path.join(sourceDir, entry)], {
    ...(cwd ? { cwd } : {}),
    // Tests fire many requests from one address: the same raised limits as in-process test apps.
    env: { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'info', ...testLimits, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return {
    name,
    child,
    output: () => output,
    stop(graceMs = 5_000) {
      if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
      return new Promise((resolve) => {
        const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
        child.once('exit', () => {
          clearTimeout(timer);
          resolve();
        });
        child.kill('SIGTERM');
      });
    },
  };
}

/**
 * Waits for a process to be ready; fails at once, with its output, when it exits instead. A process
 * that never gets ready is killed before the failure is reported, so none is left running.
 */
async function whenReady(
  process: NodeProcess,
  check: () => Promise<boolean> | boolean,
  what: string,
): Promise<void> {
  try {
    await until(
      async () => {
        if (process.child.exitCode !== null) throw new Error(`${process.name} exited:\n${process.output()}`);
        return check();
      },
      `${process.name}: ${what}`,
      60_000,
    );
  } catch (error) {
    await process.stop(0);
    throw new Error(`${error instanceof Error ? error.message : String(error)}\n${process.output()}`, {
      cause: error,
    });
  }
}

/** `npm start` in scaled mode (API only unless START_WORKER says otherwise); ready once /health answers. */
export async function startApiProcess(
  name: string,
  env: Record<string, string>,
  options: LaunchOptions = {},
): Promise<ApiProcess> {
  const port = await freePort();
  const api = launch(
    name,
    'server.ts',
    { HOST: '127.0.0.1', PORT: String(port), START_WORKER: 'false', ...env },
    options,
  );
  const origin = `http://127.0.0.1:${port}`;
  await whenReady(
    api,
    () =>
      fetch(`${origin}/health`).then(
        () => true,
        () => false,
      ),
    '/health',
  );
  return { ...api, origin };
}

/** `npm run worker`; ready once it says it takes jobs. */
export async function startWorkerProcess(
  name: string,
  env: Record<string, string>,
  options: LaunchOptions = {},
): Promise<NodeProcess> {
  const worker = launch(name, 'worker.ts', env, options);
  await whenReady(worker, () => worker.output().includes('worker ready'), 'worker ready');
  return worker;
}

/** A task's state as an API node answers it. */
export async function taskOn(api: Pick<ApiProcess, 'origin'>, taskId: string): Promise<DownloadTask> {
  return (await fetch(`${api.origin}/api/download/task/${taskId}`)).json() as Promise<DownloadTask>;
}

/** Polls an API node until the task has finished (completed or error). */
export async function finished(api: ApiProcess, taskId: string, timeoutMs = 90_000): Promise<DownloadTask> {
  let task: DownloadTask | undefined;
  await until(
    async () => {
      task = await taskOn(api, taskId);
      return task.status === 'completed' || task.status === 'error';
    },
    `task ${taskId} to finish`,
    timeoutMs,
  );
  return task!;
}
