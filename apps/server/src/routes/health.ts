import { appVersion } from '@grabbit/catalog';
import type { EngineStatus, Health } from '@grabbit/contracts';
import type { FastifyInstance } from 'fastify';
import { ytDlpAgeWarning } from '../media/engines';

/** GET /health (and /api/health): the version and each engine's version; 503 when one is missing. */
export function healthRoutes(engines: () => EngineStatus[]) {
  return async function register(app: FastifyInstance): Promise<void> {
    const handler = async (): Promise<Health> => {
      const statuses = engines();
      const warnings = statuses
        .filter((s) => !s.available)
        .map((s) => `${s.name} is missing (package ${s.package})`);
      const ageWarning = ytDlpAgeWarning(statuses.find((s) => s.name === 'yt-dlp')?.version);
      if (ageWarning) warnings.push(ageWarning);
      return {
        status: statuses.every((s) => s.available) ? 'ok' : 'degraded',
        version: appVersion,
        engines: statuses,
        warnings,
      };
    };
    for (const url of ['/health', '/api/health']) {
      app.get(url, async (_request, reply) => {
        const health = await handler();
        return reply
          .status(health.status === 'ok' ? 200 : 503)
          .header('cache-control', 'no-store')
          .send(health);
      });
    }
  };
}
