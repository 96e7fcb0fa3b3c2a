// Runs one engine call of a conversion: its own process group, the job's time budget and cancel
// signal, and a typed failure carrying the engine's last words for the log (never for the visitor).
import { engineEnv } from './engine-env';
import { runCommand, type RunResult } from './run-command';

/** What every engine call of one conversion shares. */
export interface EngineContext {
  /** The conversion's private folder; engines write temporary files only there. */
  workDir: string;
  /** Absolute time (ms since epoch) after which the conversion is out of time. */
  deadline: number;
  signal: AbortSignal;
}

export class EngineError extends Error {
  constructor(
    readonly engine: string,
    readonly detail: string,
    readonly timedOut = false,
  ) {
    super(`${engine} failed${timedOut ? ' (timed out)' : ''}: ${detail.trim().slice(-2000)}`);
    this.name = 'EngineError';
  }
}

export interface EngineCall {
  command: string;
  args: readonly string[];
  env?: NodeJS.ProcessEnv;
  onStdout?: (chunk: string) => void;
}

export async function runEngine(name: string, call: EngineCall, context: EngineContext): Promise<RunResult> {
  if (context.signal.aborted) throw new EngineError(name, 'cancelled');
  const timeoutMs = context.deadline - Date.now();
  if (timeoutMs <= 0) throw new EngineError(name, 'no time left', true);
  let result: RunResult;
  try {
    result = await runCommand(call.command, call.args, {
      cwd: context.workDir,
      env: call.env ?? engineEnv(),
      timeoutMs,
      signal: context.signal,
      onStdout: call.onStdout,
    });
  } catch (error) {
    throw new EngineError(name, error instanceof Error ? error.message : String(error));
  }
  if (result.timedOut) throw new EngineError(name, result.stderr, true);
  if (context.signal.aborted) throw new EngineError(name, 'cancelled');
  if (result.code !== 0) throw new EngineError(name, result.stderr || `exit ${result.code ?? result.signal}`);
  return result;
}
