// What the three upload routes (convert.ts) declare: the multipart form (documented from the
// contracts' schema; the route reads and checks it itself, as it streams), the converted file, or
// with `Prefer: respond-async` past the wait, 202 and the job.
import { conversionJobSchema, convertFormSchema } from '@grabbit/contracts';
import { conversionBatchParam } from '@grabbit/contracts/convert-jobs';
import type { ConverterKind } from '@grabbit/catalog';
import { z } from 'zod';
import { answers, fileAnswer } from '../http/route-schemas';
import { conversionMediaTypes } from '../openapi/file-media-types';
import { conversionErrors } from './error-sets';

const what: Record<ConverterKind, string> = { image: 'an image', audio: 'an audio file', video: 'a video' };

// Any text is taken: a name that is not a batch id only means this start spends the budget.
/** The query of a request that starts a conversion or its resumable upload. */
export const conversionBatchQuery = z.object({
  [conversionBatchParam]: z
    .string()
    .optional()
    .describe(
      'Names one press of Convert: its files (and their resumable uploads) spend the per-minute job budget once',
    ),
});

/**
 * The request headers a client sets: documented, so a generated client can pass them. Other
 * headers pass through untouched (a loose object: validation must not drop Content-Type).
 */
const convertHeaders = z.looseObject({
  prefer: z
    .string()
    .optional()
    .describe(
      "`respond-async`: past the server's wait, answer 202 and the job instead of the file; `respond-async, wait=0` answers the job at once",
    ),
});

export function convertRouteSchema(kind: ConverterKind) {
  return {
    summary: `Convert ${what[kind]} (answers the converted file, or 202 and a job)`,
    tags: ['conversions'],
    multipartFields: convertFormSchema,
    querystring: conversionBatchQuery,
    headers: convertHeaders,
    response: answers({ 200: fileAnswer(conversionMediaTypes(kind)), 202: conversionJobSchema }),
    errors: conversionErrors,
  };
}
