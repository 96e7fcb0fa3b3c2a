// Why a job could not be queued in scaled mode. Routes turn both into 503 answers: BUSY with a
// Retry-After when the queue is full, and a clear "try again shortly" while Redis is away.

export class QueueBusyError extends Error {
  readonly code = 'BUSY';
  constructor(readonly retryAfterSeconds: number) {
    super('The service is busy right now. Please try again in a minute.');
    this.name = 'QueueBusyError';
  }
}

export class QueueUnavailableError extends Error {
  readonly code = 'SERVICE_UNAVAILABLE';
  readonly retryAfterSeconds = 10;
  constructor(cause?: unknown) {
    super('The job queue is unavailable right now. Please try again in a few seconds.', { cause });
    this.name = 'QueueUnavailableError';
  }
}

/** A job ran past its wall-clock limit; it is not retried. */
export class JobTimeoutError extends Error {
  constructor(readonly timeoutMs: number) {
    super(`The job ran longer than ${Math.round(timeoutMs / 1000)} s and was stopped`);
    this.name = 'JobTimeoutError';
  }
}
