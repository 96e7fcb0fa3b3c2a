// One error handler: visitors get a stable code and a human message, never a stack trace; 5xx
// details go to the log only (at error, with the stack); a 4xx refusal is no server failure and
// has no line of its own: its code goes on the request's one line (request-log.ts).
import { apiErrorBody, errorStatus, type ErrorCode } from '@grabbit/contracts';
import type { FastifyError, FastifyInstance } from 'fastify';
import { AppError } from '../core/app-error';
import { noteErrorCode } from './request-log';
import { schemaFailure } from './route-schemas';

/** Fastify's own request failures as our codes; the status comes from the code's table entry. */
function fastifyErrorCode(error: FastifyError): { code: ErrorCode; message: string } | undefined {
  const refused = schemaFailure(error);
  if (refused) return refused;
  if (error.validation) return { code: 'VALIDATION_FAILED', message: error.message };
  if (error.code === 'FST_REQ_FILE_TOO_LARGE')
    return { code: 'FILE_TOO_LARGE', message: 'The file is larger than this page allows.' };
  if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE')
    return { code: 'REQUEST_TOO_LARGE', message: 'The request is too large.' };
  if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' || error.code === 'FST_INVALID_MULTIPART_CONTENT_TYPE')
    return { code: 'UNSUPPORTED_CONTENT_TYPE', message: 'Unsupported request content type.' };
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500)
    return { code: 'VALIDATION_FAILED', message: error.message };
  return undefined;
}

/** Headers a file answer set before it failed: the error body is JSON and describes no file. */
const fileHeaders = [
  'content-disposition',
  'content-length',
  'content-range',
  'accept-ranges',
  'etag',
  'last-modified',
];

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    for (const name of fileHeaders) reply.removeHeader(name);
    void reply.header('content-type', 'application/json; charset=utf-8');
    // A client that went away before its answer: nobody reads it, and it is no server failure.
    if (request.raw.socket?.destroyed && !(error instanceof AppError)) {
      noteErrorCode(request, 'REQUEST_CANCELLED');
      return reply
        .status(errorStatus.REQUEST_CANCELLED)
        .send(apiErrorBody('REQUEST_CANCELLED', 'The request was closed before its answer.'));
    }
    if (error instanceof AppError) {
      noteErrorCode(request, error.code);
      if (error.statusCode >= 500) request.log.error({ err: error }, error.message);
      // Refusals that know when to come back (a full or unreachable queue) say so.
      if ('retryAfterSeconds' in error && typeof error.retryAfterSeconds === 'number')
        void reply.header('retry-after', String(error.retryAfterSeconds));
      return reply.status(error.statusCode).send(apiErrorBody(error.code, error.message));
    }
    const known = fastifyErrorCode(error);
    if (known) {
      noteErrorCode(request, known.code);
      return reply.status(errorStatus[known.code]).send(apiErrorBody(known.code, known.message));
    }
    noteErrorCode(request, 'INTERNAL_ERROR');
    request.log.error({ err: error }, 'unhandled error');
    return reply
      .status(500)
      .send(apiErrorBody('INTERNAL_ERROR', 'Something went wrong on our side. Please try again.'));
  });
}
