// Helpers the download routes share: body parsing with the contract's schemas.
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
