// Why a running job was stopped when its worker shuts down gracefully: the job goes back to the
// queue for another worker, so its handler must end without settling the task (neither an error
// nor a result) and leave what the next run needs.
export class JobHandedBack extends Error {
  constructor() {
    super('The worker is shutting down: the job goes back to the queue');
    this.name = 'JobHandedBack';
  }
}

/** Whether a job's signal was aborted to hand the job back (not cancelled, not timed out). */
export function handedBack(signal: AbortSignal): boolean {
  return signal.aborted && signal.reason instanceof JobHandedBack;
}

/**
 * Thrown by a handler that cannot run its job yet (a resource it waits for is taken): the job runs
 * again after `delayMs`, and the run does not count as one of its attempts.
 */
export class JobDeferred extends Error {
  constructor(readonly delayMs: number) {
    super(`The job waits ${delayMs} ms for its turn`);
    this.name = 'JobDeferred';
  }
}
