import type { ErrorCode } from '@grabbit/contracts';

/** A failure the visitor may see: a stable code, a human message and an HTTP status. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly statusCode = 400,
  ) {
    super(message);
    this.name = 'AppError';
  }
}
