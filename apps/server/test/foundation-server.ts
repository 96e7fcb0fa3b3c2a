// Starts the real server entry as a child process, so tests see its real start-up checks, log
// lines, exit codes and signal handling: src/server.ts through tsx, or the compiled
// dist/server.js as `npm start` runs it.
import { spawn, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { serverDist, serverNodeFlags } from '../../../scripts/build-server.mjs';
import { freshFolder, tsxLoader } from './support/working-folder';

const serverEntry = path.resolve(import.meta.dirname, '../src/server.ts');

export interface ServerRun {
  child: ChildProcess;
  /** http://127.0.0.1:PORT once listening. */
  url?: string;
  stdout: () => string;
  stderr: () => string;
  /** The temporary working folder it was started in (removed by stopServer), unless given one. */
  workDir?: string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/**
 * Runs the server with `env` on top of a minimal environment (PATH and HOME only, so the
 * caller's variables do not leak in). Resolves when it listens or when it exits, whichever
 * comes first.
 */
export async function runServer(
  env: Record<string, string>,
  timeoutMs = 30_000,
  { compiled = false, cwd }: { compiled?: boolean; cwd?: string } = {},
): Promise<ServerRun> {
  const entry = compiled
    ? [...serverNodeFlags, path.join(serverDist, 'server.js')]
    : ['--import', tsxLoader, serverEntry];
  // As `npm start` runs it: in a working folder of its own, with the default, relative DATA_DIR.
  const workDir = cwd ? undefined : freshFolder('grabbit-foundation-');
  const child = spawn(process.execPath, entry, {
    cwd: cwd ?? workDir,
    env: {
      PATH: process.env.PATH ?? '/usr/bin:/bin',
      HOME: process.env.HOME ?? os.tmpdir(),
      HOST: '127.0.0.1',
      PORT: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal })),
  );
  const run: ServerRun = { child, stdout: () => stdout, stderr: () => stderr, workDir, exited };

  const listening = new Promise<void>((resolve) => {
    const onData = () => {
      const match = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(stdout);
      if (match) {
        run.url = match[1];
        child.stdout?.off('data', onData);
        resolve();
      }
    };
    child.stdout?.on('data', onData);
  });
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, timeoutMs);
  });
  await Promise.race([listening, exited, timedOut]);
  clearTimeout(timer);
  return run;
}

/** Stops a server the test started, if it is still running, and removes its working folder. */
export async function stopServer(run: ServerRun | undefined): Promise<void> {
  if (!run) return;
  if (run.child.exitCode === null && run.child.signalCode === null) {
    run.child.kill('SIGKILL');
    await run.exited;
  }
  if (run.workDir) rmSync(run.workDir, { recursive: true, force: true });
}
