import type { Health } from '@grabbit/contracts';
import type { FastifyInstance } from 'fastify';

/** GET /health (and /api/health): the version and each engine's version; 503 when one is missing. */
export function healthRoutes(health: () => Promise<Health>) {
  return async function register(app: FastifyInstance): Promise<void> {
    for (const url of ['/health', '/api/health']) {
      app.get(url, async (_request, reply) => {
        const report = await health();
        return reply
          .status(report.status === 'ok' ? 200 : 503)
          .header('cache-control', 'no-store')
          .send(report);
      });
    }
  };
}
