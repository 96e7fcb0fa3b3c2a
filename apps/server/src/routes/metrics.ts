// GET /metrics: Prometheus' text format for the operator's scraper, only when METRICS_TOKEN is set
// (404 otherwise, as if absent) and only with `Authorization: Bearer <METRICS_TOKEN>` (401).
import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Registry } from 'prom-client';
import { AppError } from '../core/app-error';

const sameSecret = (given: string, expected: string) =>
  given.length === expected.length && timingSafeEqual(Buffer.from(given), Buffer.from(expected));

/** Registered only when METRICS_TOKEN is set: without it the path answers 404 like any other. */
export function metricsRoutes(token: string, metrics: Registry) {
  return async function register(app: FastifyInstance): Promise<void> {
    const schema = { summary: 'Prometheus metrics (Bearer METRICS_TOKEN)', tags: ['service'] };
    app.get('/metrics', { schema }, async (request, reply) => {
      const given = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1] ?? '';
      if (!sameSecret(given, token))
        throw new AppError('INVALID_API_KEY', 'A valid metrics token is needed.');
      return reply
        .header('content-type', metrics.contentType)
        .header('cache-control', 'no-store')
        .send(await metrics.metrics());
    });
  };
}
