import { statusOfCode, type ErrorCode } from '@grabbit/contracts';

/**
 * A failure the visitor may see: a stable code and a human message; the HTTP status comes from
 * the contracts' table (one status per code).
 */
export class AppError extends Error {
  readonly statusCode: number;

  /**
   * `_status` is accepted and ignored so code written against the former three-argument form
   * still compiles; the table decides the status.
   */
  constructor(
    readonly code: ErrorCode,
    message: string,
    _status?: number,
  ) {
    super(message);
    this.name = 'AppError';
    this.statusCode = statusOfCode(code);
  }
}
