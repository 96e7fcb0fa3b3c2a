// The job table: for each job name, its one handler and how it runs (how many at once, how many
// may wait, how long one run may take, what a failure outside the handler tells). The composition
// root fills it once; the in-process runner and the BullMQ runner both run from it, so the two
// modes cannot differ in anything but where the queue lives.

/** What a run knows besides its data. */
export interface RunContext {
  /** Aborted on cancellation, timeout or a shutdown hand-back: the handler cleans up and ends. */
  signal: AbortSignal;
  jobId: string;
  /** 1 for the first run; more after a retry or a dead worker's hand-back. */
  attempt: number;
}

export type JobHandler<D> = (data: D, run: RunContext) => Promise<void>;

/** A job that failed for good (its handler threw, its time ran out, its workers died). */
export interface FailedJob<D = unknown> {
  name: string;
  jobId: string;
  data: D;
  error: Error;
}

export interface JobSpec<D> {
  handler: JobHandler<D>;
  /** Jobs of the name one process runs at once. */
  concurrency: number;
  /** Jobs of the name waiting beyond the running ones; more are refused with 503 BUSY. */
  queueLimit?: number;
  /** The refusal's words for the visitor. */
  busyMessage?: string;
  /** Wall-clock limit of one run; the signal is aborted and the job is not retried. */
  timeoutMs: number;
  /** Runs allowed when the handler throws (1: no retry). */
  attempts?: number;
  /**
   * The wait before the next run after `attemptsMade` failed ones (the last failure is `error`);
   * without it, BullMQ's exponential back-off from one second (the in-process runner: at once).
   */
  retryDelayMs?: (attemptsMade: number, error: Error) => number;
  /** Tells the job's own feature that it failed for good, so its visitor gets a clear error. */
  onFailure?: (failed: FailedJob<D>) => Promise<void> | void;
}

/** One spec per job name of a job map (the product's is job-types.ts's JobDataByName). */
export type JobTable<M> = { [N in keyof M & string]: JobSpec<M[N]> };

/** A job of a map: plain data that survives a trip through JSON. */
export type JobOf<M> = {
  [N in keyof M & string]: { name: N; /** The task it serves. */ id: string; data: M[N] };
}[keyof M & string];

/** Throws when a table names no handler for a job (checked at start-up, not on the first job). */
export function checkTable(table: Record<string, { handler?: unknown }>, names: readonly string[]): void {
  const missing = names.filter((name) => typeof table[name]?.handler !== 'function');
  if (missing.length > 0) throw new Error(`No job handler for: ${missing.join(', ')}`);
}

export const defaultBusyMessage = 'The server is busy right now. Please try again in a minute.';
