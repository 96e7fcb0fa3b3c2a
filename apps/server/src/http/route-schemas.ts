// Routes declare their params, querystring, body and answers with the contracts' zod schemas
// (fastify-type-provider-zod): one declaration gives the validation, the handler's types and the
// API document (openapi/register.ts). Helpers here keep each route's declaration short.
import { errorCodes, type ErrorCode } from '@grabbit/contracts';
import type { FastifyError, FastifyInstance } from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  serializerCompiler,
  validatorCompiler,
} from 'fastify-type-provider-zod';
import { z } from 'zod';

/**
 * A route's success answers: `ok` for 200 (or each status given). Its error answers are the
 * codes it declares (`errors`), documented by openapi/route-errors.ts.
 */
export function answers(ok: z.ZodType | Record<number, unknown>) {
  return (ok instanceof z.ZodType ? { 200: ok } : ok) as Record<number, unknown>;
}

/** A file answer (an attachment) of these media types; streamed, never serialised. */
export function fileAnswer(mediaTypes: readonly string[], description = 'The file, as an attachment') {
  return { description, content: Object.fromEntries(mediaTypes.map((type) => [type, { schema: z.file() }])) };
}

/** JSON for one status and a file for the same status (directDownload). */
export function jsonOrFile(json: z.ZodType, mediaTypes: readonly string[]) {
  return {
    description: 'JSON, or the file itself',
    content: {
      'application/json': { schema: json },
      ...Object.fromEntries(mediaTypes.map((type) => [type, { schema: z.file() }])),
    },
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
