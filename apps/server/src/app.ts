// Builds the whole HTTP application. Tests drive it with `inject`; server.ts makes it listen.
import type { EngineStatus } from '@grabbit/contracts';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Config } from './config/env';
import type { AppContext } from './composition/app-context';
import { closeIdleConnectionsAfterShutdown } from './http/close-after-shutdown';
import { registerErrorHandler } from './http/error-handler';
import { registerRouteSchemas } from './http/route-schemas';
import { registerOpenApi } from './openapi/register';
import { healthReport } from './media/health-report';
import { registerCloudStorage } from './plugins/cloud-storage';
import { makeConversionParts, registerConvert } from './plugins/convert';
import { registerDownloads } from './plugins/downloads';
import { InProcessEventBus } from './realtime/event-bus';
import { healthRoutes } from './routes/health';
import { scaledQueues } from './composition/scaled-downloads';
import { connectScaled, withScaledHealth } from './composition/scaled-infrastructure';
import { publicConfigRoutes } from './routes/public-config';
import { registerPages } from './web/pages';
import { clientIdentity, registerSecurity } from './security/register';

export interface AppOptions {
  config: Config;
  /** Engine statuses found at start-up (server.ts checks them before building the app). */
  engines: EngineStatus[];
  /** The clock cloud-storage retention reads (tests move it forward). */
  now?: () => number;
}

export async function buildApp({ config, engines, now }: AppOptions): Promise<FastifyInstance> {
  const identity = clientIdentity(config);
  const app = Fastify({
    // A visitor's own session cookie (Instagram) must never reach a log line.
    logger: {
      level: config.LOG_LEVEL,
      redact: [
        'instagramCookies',
        '*.instagramCookies',
        '*.*.instagramCookies',
        // API keys travel as bearer tokens.
        'req.headers.authorization',
        '*.headers.authorization',
      ],
    },
    // Request ids make one visitor's job traceable through the logs.
    genReqId: () => crypto.randomUUID(),
    // The socket's address unless TRUST_PROXY names the proxies in front (security/client-identity).
    trustProxy: identity.trust,
    // A whole request (an upload included) within 30 minutes; stalled uploads are cut sooner.
    requestTimeout: 30 * 60_000,
    // /youtube-downloader/ is the same page as /youtube-downloader (its canonical link says which).
    routerOptions: { ignoreTrailingSlash: true },
  });
  // Slow-header clients (slowloris) do not hold a connection for long.
  app.server.headersTimeout = 15_000;
  registerErrorHandler(app);
  registerRouteSchemas(app);
  closeIdleConnectionsAfterShutdown(app);
  // Scaled mode: Redis, the queues and the bucket, shared with the other API nodes and workers.
  const scaled = config.REDIS_URL ? await connectScaled(config, scaledQueues(config), app.log) : undefined;
  const bus = scaled?.bus ?? new InProcessEventBus();
  const security = await registerSecurity(app, { config, bus, identity, ...(scaled ? { scaled } : {}) });
  const context: AppContext = {
    config,
    bus,
    security,
    ...(scaled ? { scaled } : {}),
    runsJobs: !scaled || config.START_WORKER,
  };
  await registerOpenApi(app);
  await app.register(healthRoutes(async () => withScaledHealth(await healthReport(engines, config), scaled)));
  await app.register(publicConfigRoutes(config));
  // Feature routes, each with the shared context.
  const conversions = makeConversionParts(app, context);
  const downloads = await registerDownloads(app, context, conversions);
  await registerCloudStorage(app, context, downloads, now);
  await registerConvert(app, context, conversions, downloads.runner);
  await registerPages(app, config.WEB_DIST_DIR);
  if (scaled) app.addHook('onClose', () => scaled.close());
  return app;
}
