// Routes declare their params, querystring, body and answers with the contracts' zod schemas
// (fastify-type-provider-zod): one declaration gives the validation, the handler's types and the
// API document (openapi/register.ts). Helpers here keep each route's declaration short.
import { apiErrorBodySchema, errorCodes, type ErrorCode } from '@grabbit/contracts';
import type { FastifyError, FastifyInstance } from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  serializerCompiler,
  validatorCompiler,
} from 'fastify-type-provider-zod';
import { z } from 'zod';

/** Statuses every /api route may answer: bad input, a bad API key, limits, our own failure. */
const commonErrors = [400, 401, 429, 500];

const errorAnswer = {
  description: 'The error: a human message (error, Error) and a stable code',
  content: { 'application/json': { schema: apiErrorBodySchema } },
};

/** A route's answers: `ok` for 200 (or each status given), the error body for the rest. */
export function answers(ok: z.ZodType | Record<number, unknown>, errors: number[] = []) {
  const success = ok instanceof z.ZodType ? { 200: ok } : ok;
  const failures = [...new Set([...commonErrors, ...errors])].map((status) => [status, errorAnswer]);
  return { ...success, ...Object.fromEntries(failures) } as Record<number, unknown>;
}

/** A file answer (an attachment, ranges where said) of this media type; streamed, never serialised. */
export function fileAnswer(
  mediaType = 'application/octet-stream',
  description = 'The file, as an attachment',
) {
  return { description, content: { [mediaType]: { schema: z.file() } } };
}

/** JSON for one status and a file for the same status (directDownload). */
export function jsonOrFile(json: z.ZodType, mediaType = 'application/octet-stream') {
  return {
    description: 'JSON, or the file itself',
    content: { 'application/json': { schema: json }, [mediaType]: { schema: z.file() } },
  };
}

export function registerRouteSchemas(app: FastifyInstance): void {
  // A request without a body reads as an empty object, so its first missing field is named.
  app.setValidatorCompiler<z.ZodType>((route) => {
    const validate = validatorCompiler(route);
    return route.httpPart === 'body' ? (data: unknown) => validate(data ?? {}) : validate;
  });
  // Errors are made by one function (apiErrorBody) and must go out even for a code a store kept
  // from a newer version: they are sent as they are; every other answer goes through its schema.
  app.setSerializerCompiler<z.ZodType>((route) => {
    const status = Number(route.httpStatus);
    if (status >= 400) return (data: unknown) => JSON.stringify(data);
    return serializerCompiler(route);
  });
}

const isErrorCode = (value: unknown): value is ErrorCode =>
  typeof value === 'string' && (errorCodes as readonly string[]).includes(value);

/**
 * A schema's refusal as the visitor's error: the first problem, named by its field ("url: ..."),
 * as VALIDATION_FAILED; or the code a schema gives its issue (`params.errorCode`) with its message.
 */
export function schemaFailure(error: FastifyError): { code: ErrorCode; message: string } | undefined {
  if (!hasZodFastifySchemaValidationErrors(error)) return undefined;
  const first = error.validation[0];
  if (!first) return undefined;
  const issueParams = (first.params as { params?: { errorCode?: unknown } }).params;
  if (isErrorCode(issueParams?.errorCode))
    return { code: issueParams.errorCode, message: first.message ?? '' };
  const field = first.instancePath.replace(/^\//, '').replaceAll('/', '.');
  const message = first.message ?? 'Invalid request';
  return { code: 'VALIDATION_FAILED', message: field ? `${field}: ${message}` : message };
}
