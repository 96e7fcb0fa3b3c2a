import { appVersion } from '@grabbit/catalog';
import type { EngineStatus, Health, YtDlpHealth } from '@grabbit/contracts';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config/env';
import { jsRuntimeFor } from '../download/ytdlp-access';
import { ytDlpAgeDays, ytDlpAgeWarning, ytDlpFallbackWarning } from '../media/engines';

/**
 * GET /health (and /api/health): the version, each engine's version and which yt-dlp runs
 * (version, age, source, JavaScript runtime); 503 when an engine is missing.
 */
export function healthRoutes(engines: () => EngineStatus[], config: Config) {
  return async function register(app: FastifyInstance): Promise<void> {
    const handler = async (): Promise<Health> => {
      const statuses = engines();
      const warnings = statuses
        .filter((s) => !s.available)
        .map((s) => `${s.name} is missing (package ${s.package})`);
      const version = statuses.find((s) => s.name === 'yt-dlp')?.version;
      const ytDlp: YtDlpHealth = {
        version: version ?? null,
        ageDays: ytDlpAgeDays(version) ?? null,
        source: config.YTDLP_SOURCE,
        // Asked of yt-dlp once (memoised), on the first /health rather than at every start.
        jsRuntime: (await jsRuntimeFor(config)) ?? null,
      };
      for (const warning of [ytDlpFallbackWarning(config), ytDlpAgeWarning(version)]) {
        if (warning) warnings.push(warning);
      }
      return {
        status: statuses.every((s) => s.available) ? 'ok' : 'degraded',
        version: appVersion,
        engines: statuses,
        ytDlp,
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
