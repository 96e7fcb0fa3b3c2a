// Builds the whole HTTP application. Tests drive it with `inject`; server.ts makes it listen.
import type { EngineStatus } from '@grabbit/contracts';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Config } from './config/env';
import type { AppContext } from './context';
import { registerErrorHandler } from './http/error-handler';
import { healthReport } from './media/health-report';
import { registerConvert } from './plugins/convert';
import { registerDownloads } from './plugins/downloads';
import { InProcessEventBus } from './realtime/event-bus';
import { healthRoutes } from './routes/health';
import { scaledQueues } from './scaled/scaled-downloads';
import { connectScaled, withScaledHealth } from './scaled/scaled-infrastructure';
import { publicConfigRoutes } from './routes/public-config';
import { registerPages } from './web/pages';

export interface AppOptions {
  config: Config;
  /** Engine statuses found at start-up (server.ts checks them before building the app). */
  engines: EngineStatus[];
}

export async function buildApp({ config, engines }: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    // A visitor's own session cookie (Instagram) must never reach a log line.
    logger: {
      level: config.LOG_LEVEL,
      redact: ['instagramCookies', '*.instagramCookies', '*.*.instagramCookies'],
    },
    // Request ids make one visitor's job traceable through the logs.
    genReqId: () => crypto.randomUUID(),
    trustProxy: true,
    // /youtube-downloader/ is the same page as /youtube-downloader (its canonical link says which).
    routerOptions: { ignoreTrailingSlash: true },
  });
  registerErrorHandler(app);
  // Scaled mode: Redis, the queues and the bucket, shared with the other API nodes and workers.
  const scaled = config.REDIS_URL ? await connectScaled(config, scaledQueues(config), app.log) : undefined;
  const context: AppContext = {
    config,
    bus: scaled?.bus ?? new InProcessEventBus(),
    ...(scaled ? { scaled } : {}),
    runsJobs: !scaled || config.START_WORKER,
  };
  await app.register(healthRoutes(async () => withScaledHealth(healthReport(engines), scaled)));
  await app.register(publicConfigRoutes(config));
  // Feature routes, each with the shared context.
  await registerDownloads(app, context);
  await registerConvert(app, context);
  await registerPages(app, config.WEB_DIST_DIR);
  if (scaled) app.addHook('onClose', () => scaled.close());
  return app;
}
