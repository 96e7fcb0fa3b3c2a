// The origin of absolute links the API gives out (cloud-storage links): PUBLIC_URL's, else the
// request's own origin only when it is one the operator listed (CORS_ORIGINS); never a Host header
// as the client sent it. Without either, links are paths (/api/...), which the pages resolve
// against their API address.
import type { FastifyRequest } from 'fastify';
import type { Config } from '../config/env';
import { hubOrigins } from './headers';

export function linkOrigin(request: FastifyRequest, config: Config): string {
  if (config.PUBLIC_URL) return new URL(config.PUBLIC_URL).origin;
  const own = `${request.protocol}://${request.host}`;
  return hubOrigins(config).includes(own) ? own : '';
}
