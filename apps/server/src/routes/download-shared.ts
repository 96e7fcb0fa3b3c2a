// Helpers the download routes share: body parsing with the contract's schemas and the HTTP status
// of a failed task's code.
import type { z } from 'zod';
import { AppError } from '../http/app-error';

/** Parses a request body; the first problem becomes the visitor's message. */
export function parseBody<S extends z.ZodType>(schema: S, body: unknown): z.infer<S> {
  const parsed = schema.safeParse(body ?? {});
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = issue?.path.join('.');
    throw new AppError(
      'VALIDATION_FAILED',
      field ? `${field}: ${issue?.message}` : (issue?.message ?? 'Invalid request'),
    );
  }
  return parsed.data;
}

/** HTTP status for a failed task's code, when the failure is answered directly. */
export function statusForCode(code: string): number {
  const statuses: Record<string, number> = {
    UNSUPPORTED_URL: 400,
    URL_NOT_ALLOWED: 400,
    UNSUPPORTED_FORMAT: 422,
    MEDIA_TOO_LARGE: 413,
    MEDIA_TOO_LONG: 422,
    DOWNLOAD_TIMEOUT: 504,
    BUSY: 503,
  };
  return statuses[code] ?? 502;
}
