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
    const statusCode = statusOfCode(code);
    // A refusal (4xx) is answered and never logged with a stack, and a busy client may be refused
    // thousands of times a minute: capturing a stack for each was a measurable share of the time.
    const stackFrames = Error.stackTraceLimit;
    if (statusCode < 500) Error.stackTraceLimit = 0;
    super(message);
    Error.stackTraceLimit = stackFrames;
    this.name = 'AppError';
    this.statusCode = statusCode;
  }
}
