// The error answers of one route in the API document, derived from data: the codes the route's
// own handler throws (its schema's `errors`), plus those its kind of route is refused with anywhere
// (a bad API key, the API budget, input that fails its schema, a body too large or of the wrong
// type, the job gate), each answered with the status the contracts' table gives its code.
import { apiErrorBodySchema, errorStatus, type ErrorCode } from '@grabbit/contracts';
import type { FastifySchema } from 'fastify';
import { jobGateErrors } from '../security/job-gate';
import { apiBudgetOf } from '../security/register';

export interface RouteFacts {
  url: string;
  schema: FastifySchema;
  startsJob: boolean;
  /** The route takes an Idempotency-Key (a call that starts a job). */
  idempotent?: boolean;
}

/** Codes a visitor never sees (the answer to a client that went away) are not documented. */
const neverSeen = new Set<ErrorCode>(['REQUEST_CANCELLED']);

/** Whether the route's answers count against a budget (and carry its RateLimit headers). */
export const isCounted = (url: string) => apiBudgetOf(url) !== null;

export function routeErrorCodes({ url, schema, startsJob, idempotent }: RouteFacts): ErrorCode[] {
  const codes: ErrorCode[] = ['INVALID_API_KEY', 'INTERNAL_ERROR'];
  if (isCounted(url)) codes.push('RATE_LIMITED');
  if (schema.params || schema.querystring || schema.body || schema.multipartFields)
    codes.push('VALIDATION_FAILED');
  if (schema.body) codes.push('REQUEST_TOO_LARGE', 'UNSUPPORTED_CONTENT_TYPE');
  if (schema.storedFile) codes.push('RANGE_NOT_SATISFIABLE');
  if (startsJob) codes.push(...jobGateErrors);
  // A retry while its first call still runs is BUSY (security/idempotency.ts).
  if (idempotent) codes.push('IDEMPOTENCY_KEY_REUSED', 'BUSY');
  codes.push(...(schema.errors ?? []));
  return [...new Set(codes)].filter((code) => !neverSeen.has(code));
}

/** One answer per status, in the error body, naming the codes it may carry. */
export function errorAnswers(codes: readonly ErrorCode[]): Record<number, unknown> {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of codes)
    byStatus.set(errorStatus[code], [...(byStatus.get(errorStatus[code]) ?? []), code]);
  return Object.fromEntries(
    [...byStatus].map(([status, list]) => [
      status,
      {
        description: `The error body; code: ${list.join(', ')}`,
        content: { 'application/json': { schema: apiErrorBodySchema } },
      },
    ]),
  );
}
