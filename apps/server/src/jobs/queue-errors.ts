// Why a job could not be queued or run on: the queue is full in scaled mode (503 BUSY with a
// Retry-After, a clear "try again shortly"), or the job ran past its time limit. Redis being away
// is the connection's own error (redis/redis-connection.ts).
import { AppError } from '../core/app-error';

export class QueueBusyError extends AppError {
  constructor(readonly retryAfterSeconds: number) {
    super('BUSY', 'The service is busy right now. Please try again in a minute.');
    this.name = 'QueueBusyError';
  }
}

/** A job ran past its wall-clock limit; it is not retried. */
export class JobTimeoutError extends Error {
  constructor(readonly timeoutMs: number) {
    super(`The job ran longer than ${Math.round(timeoutMs / 1000)} s and was stopped`);
    this.name = 'JobTimeoutError';
  }
}
