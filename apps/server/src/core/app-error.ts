import { statusOfCode, type ErrorCode } from '@grabbit/contracts';

/**
 * A failure the visitor may see: a stable code and a human message; the HTTP status comes from
 * the contracts' table (one status per code).
 */
export class AppError extends Error {
  readonly statusCode: number;

  constructor(
    readonly code: ErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'AppError';
    this.statusCode = statusOfCode(code);
  }
}
