// Builds the whole HTTP application. Tests drive it with `inject`; server.ts makes it listen.
import type { EngineStatus } from '@grabbit/contracts';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Config } from './config/env';
import { registerErrorHandler } from './http/error-handler';
import { healthRoutes } from './routes/health';
import { publicConfigRoutes } from './routes/public-config';
import { registerPages } from './web/pages';

export interface AppOptions {
  config: Config;
  /** Engine statuses found at start-up (server.ts checks them before building the app). */
  engines: EngineStatus[];
}

export async function buildApp({ config, engines }: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: { level: config.LOG_LEVEL },
    // Request ids make one visitor's job traceable through the logs.
    genReqId: () => crypto.randomUUID(),
    trustProxy: true,
  });
  registerErrorHandler(app);
  await app.register(healthRoutes(() => engines));
  await app.register(publicConfigRoutes(config));
  await registerPages(app, config.WEB_DIST_DIR);
  return app;
}
