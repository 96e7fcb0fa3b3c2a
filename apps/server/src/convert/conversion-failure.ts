// A conversion request that failed before its answer: the visitor's error, and the rest of an
// upload still arriving is read and thrown away so the client sees the answer.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../core/app-error';
import { discardRequestBody } from '../http/discard-request-body';
import { conversionFailure } from './conversion-errors';
import type { SizeLimit } from './formats';

/** Read and thrown away after an early answer at least this much (see discard-request-body.ts). */
const discardFloor = 64 * 1024 ** 2;

/** The error to throw for a failed conversion request (the error handler answers it). */
export function failedAcceptance(
  request: FastifyRequest,
  reply: FastifyReply,
  error: unknown,
  limit: SizeLimit,
): AppError {
  const failure = conversionFailure(error);
  if (!(error instanceof AppError)) request.log.warn({ err: error }, 'conversion failed');
  // An early answer: the rest of the upload may still be arriving (see discard-request-body.ts).
  discardRequestBody(request.raw, reply.raw, Math.max(limit.bytes, discardFloor));
  return failure;
}
