// The error answer ({ success: false, error, Error, code }, errors.ts) as a zod schema, for the
// routes' declared responses and the API document.
import { z } from 'zod';
import { errorCodes, type ApiErrorBody } from './errors';

export const apiErrorBodySchema = z
  .object({
    success: z.literal(false),
    error: z.string(),
    Error: z.string(),
    code: z.enum(errorCodes),
  })
  // One component of the API document (#/components/schemas/ApiError), referenced by every route.
  .meta({
    id: 'ApiError',
    description: 'The error: a human message (error, Error) and a stable code',
  }) satisfies z.ZodType<ApiErrorBody>;
