// Runs an engine as a child process in its own process group, so a timeout or cancel can kill the
// engine and everything it started.
import { spawn, type SpawnOptions } from 'node:child_process';
import { engineEnv } from './engine-env';
import { lowerEnginePriority } from './engine-priority';

export interface RunResult {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  timedOut: boolean;
}

export interface RunOptions extends Pick<SpawnOptions, 'cwd'> {
  /** The engine's whole environment; a clean one (engine-env.ts) when unset, never the server's. */
  env?: NodeJS.ProcessEnv;
  timeoutMs?: number;
  signal?: AbortSignal;
  /** Called with each chunk of stderr (progress lines). */
  onStderr?: (chunk: string) => void;
  onStdout?: (chunk: string) => void;
  /** Keep at most this many characters of output (the tail). */
  maxOutputChars?: number;
  /**
   * False for a short question to an engine (its version, its options) that start-up or a first
   * job waits on: it runs at the server's priority. Work for visitors yields the CPU (the default).
   */
  yieldsCpu?: boolean;
}

/** Kills a detached child's whole process group. */
function killGroup(pid: number | undefined, signal: NodeJS.Signals = 'SIGKILL'): void {
  if (pid === undefined) return;
  try {
    process.kill(-pid, signal);
  } catch {
    // Already gone.
  }
}

export function runCommand(
  command: string,
  args: readonly string[],
  options: RunOptions = {},
): Promise<RunResult> {
  const maxChars = options.maxOutputChars ?? 64 * 1024;
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: options.cwd,
      env: options.env ?? engineEnv(),
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    if (child.pid !== undefined && options.yieldsCpu !== false) lowerEnginePriority(child.pid);
    let stdout = '';
    let stderr = '';
    let timedOut = false;
    const keepTail = (text: string) => (text.length > maxChars ? text.slice(-maxChars) : text);
    child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
      stdout = keepTail(stdout + chunk);
      options.onStdout?.(chunk);
    });
    child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
      stderr = keepTail(stderr + chunk);
      options.onStderr?.(chunk);
    });
    const timer =
      options.timeoutMs === undefined
        ? undefined
        : setTimeout(() => {
            timedOut = true;
            killGroup(child.pid);
          }, options.timeoutMs);
    const onAbort = () => killGroup(child.pid);
    options.signal?.addEventListener('abort', onAbort, { once: true });
    // A job stopped while it was still getting ready (cancelled by its owner) never runs its engine.
    if (options.signal?.aborted) onAbort();
    child.on('error', (error) => {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
      reject(error);
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
      // The group may hold grandchildren that outlived the leader: end them too.
      killGroup(child.pid);
      resolve({ code, signal, stdout, stderr, timedOut });
    });
  });
}
