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
