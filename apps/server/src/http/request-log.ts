// One log line per request, at info, once its answer is sent: method, path (no query string),
// status, time taken, and the client as limits count it (a salted hash of the address, or the API
// key's name): never the raw address, which would be personal information kept on disk. An answer
// with an error code carries it on that line, without a stack; a server failure (5xx) is logged at
// error with its stack by the error handler as well.
import type { ErrorCode } from '@grabbit/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';

const errorCodes = new WeakMap<FastifyRequest, ErrorCode>();

/** The error code a request was answered with, for its log line. */
export function noteErrorCode(request: FastifyRequest, code: ErrorCode): void {
  errorCodes.set(request, code);
}

/** The request as log lines may show it: what was asked, never who asked from where. */
export function requestForLog(request: { method: string; url: string }) {
  return { method: request.method, path: request.url.split('?')[0] };
}

export function registerRequestLog(app: FastifyInstance): void {
  app.addHook('onResponse', async (request, reply) => {
    const code = errorCodes.get(request);
    request.log.info(
      {
        ...requestForLog(request),
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime),
        client: request.clientId || undefined,
        ...(code ? { code } : {}),
      },
      'request',
    );
  });
}
