// GET /metrics: Prometheus' text format for the operator's scraper, only when METRICS_TOKEN is set
// (404 otherwise, as if absent) and only with `Authorization: Bearer <METRICS_TOKEN>` (401, with
// the scheme in WWW-Authenticate). Each client may ask a few times a minute, whatever token it
// sends (a scraper asks every 15 s or so): guessing the token is as slow as that.
import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Registry } from 'prom-client';
import { AppError } from '../core/app-error';
import { spend, windowMs } from '../security/rate-limits';

/** Requests one client may make a minute. */
export const metricsPerMinute = 12;

const sameSecret = (given: string, expected: string) =>
  given.length === expected.length && timingSafeEqual(Buffer.from(given), Buffer.from(expected));

/** Registered only when METRICS_TOKEN is set: without it the path answers 404 like any other. */
export function metricsRoutes(token: string, metrics: Registry) {
  return async function register(app: FastifyInstance): Promise<void> {
    const schema = { summary: 'Prometheus metrics (Bearer METRICS_TOKEN)', tags: ['service'] };
    const limiter = app.createRateLimit({
      timeWindow: windowMs,
      max: metricsPerMinute,
      keyGenerator: (request) => `metrics:${request.clientId}`,
    });
    app.get('/metrics', { schema }, async (request, reply) => {
      await spend(limiter, request, reply);
      const given = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1] ?? '';
      if (!sameSecret(given, token)) {
        reply.header('www-authenticate', 'Bearer realm="metrics"');
        throw new AppError('INVALID_API_KEY', 'A valid metrics token is needed.');
      }
      return reply
        .header('content-type', metrics.contentType)
        .header('cache-control', 'no-store')
        .send(await metrics.metrics());
    });
  };
}
