// Why a job could not be queued in scaled mode. Both answer 503 BUSY with a Retry-After: the
// queue is full, or Redis is away (a clear "try again shortly", never a hang or a crash).
import { AppError } from '../core/app-error';

export class QueueBusyError extends AppError {
  constructor(readonly retryAfterSeconds: number) {
    super('BUSY', 'The service is busy right now. Please try again in a minute.');
    this.name = 'QueueBusyError';
  }
}

export class QueueUnavailableError extends AppError {
  readonly retryAfterSeconds = 10;
  constructor(cause?: unknown) {
    super('BUSY', 'The job queue is unavailable right now. Please try again in a few seconds.');
    this.name = 'QueueUnavailableError';
    this.cause = cause;
  }
}

/** Turns a failed Redis call into the visitor's 503 (for `.catch`). */
export function unavailable(error: unknown): never {
  throw new QueueUnavailableError(error);
}

/** A job ran past its wall-clock limit; it is not retried. */
export class JobTimeoutError extends Error {
  constructor(readonly timeoutMs: number) {
    super(`The job ran longer than ${Math.round(timeoutMs / 1000)} s and was stopped`);
    this.name = 'JobTimeoutError';
  }
}
