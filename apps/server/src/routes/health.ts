import { apiRoutes, healthSchema, type Health } from '@grabbit/contracts';
import type { FastifyInstance } from 'fastify';
import { answers } from '../http/route-schemas';

/** GET /health (and /api/health): the version and each engine's version; 503 when one is missing. */
export function healthRoutes(health: () => Promise<Health>) {
  return async function register(app: FastifyInstance): Promise<void> {
    const schema = {
      summary: 'Version and engine versions (503 when an engine is missing)',
      tags: ['service'],
      response: answers({ 200: healthSchema, 503: healthSchema }),
    };
    for (const url of ['/health', apiRoutes.health]) {
      app.get(url, { schema }, async (_request, reply) => {
        const report = await health();
        return reply
          .status(report.status === 'ok' ? 200 : 503)
          .header('cache-control', 'no-store')
          .send(report);
      });
    }
  };
}
