// The API process's app (embedded mode: also its worker): the process parts, the services above
// them, and the HTTP edge around the services. Tests drive it with `inject`; server.ts listens.
import type { EngineStatus } from '@grabbit/contracts';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import type { Config } from '../config/env';
import { ConverterService } from '../convert/converter-service';
import { RedisPreviewShares } from '../download/redis-preview-shares';
import { DownloadService } from '../download/download-service';
import { PublicJobs } from '../jobs/public-jobs';
import { registerAllowedMethods } from '../http/allowed-methods';
import { closeIdleConnectionsAfterShutdown } from '../http/close-after-shutdown';
import { registerErrorHandler } from '../http/error-handler';
import { registerRequestLog, requestForLog } from '../http/request-log';
import { registerRouteSchemas } from '../http/route-schemas';
import { healthReport } from '../ytdlp';
import { registerOpenApi } from '../openapi/register';
import { registerCloudStorage } from '../routes/cloudstorage';
import { convertRoutes } from '../routes/convert';
import { uploadRoutes } from '../routes/uploads';
import { healthRoutes } from '../routes/health';
import { jobRoutes } from '../routes/jobs';
import { webhookRoutes } from '../routes/webhooks';
import { metricsRoutes } from '../routes/metrics';
import { openMetrics } from './metrics';
import { publicConfigRoutes } from '../routes/public-config';
import { clientIdentity, registerSecurity } from '../security/register';
import { WebhookService } from '../webhooks/webhook-service';
import { registerPages } from '../web/pages';
import { buildProcessParts } from './process-parts';
import { registerDownloads } from './download-edge';
import { openResumableUploads, resumableUploadService } from './resumable-uploads';
import { withScaledHealth } from './scaled-infrastructure';

export interface AppOptions {
  config: Config;
  /** Engine statuses found at start-up (server.ts checks them while the app is built). */
  engines: EngineStatus[] | Promise<EngineStatus[]>;
  /** The clock cloud-storage retention reads (tests move it forward). */
  now?: () => number;
  /** Where log lines go instead of stdout (tests read the operator's log). */
  logStream?: { write(line: string): void };
}

export async function buildApp({
  config,
  engines,
  now = Date.now,
  logStream,
}: AppOptions): Promise<FastifyInstance> {
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
      // A request in a log line shows what was asked, never the client's address.
      serializers: { req: requestForLog },
      ...(logStream ? { stream: logStream } : {}),
    },
    // Fastify's own two lines per request carry the raw address: http/request-log.ts writes one.
    logController: new LogController({ disableRequestLogging: true }),
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
  registerRequestLog(app);
  registerRouteSchemas(app);
  closeIdleConnectionsAfterShutdown(app);
  // Embedded mode runs its jobs here; a scaled API node too, unless START_WORKER=false.
  const parts = await buildProcessParts(config, app.log, {
    runsJobs: !config.REDIS_URL || config.START_WORKER,
    now,
  });
  const { stores } = parts;
  const { bus, scaled } = stores;
  const { records } = parts;
  const security = await registerSecurity(app, {
    config,
    records,
    identity,
    webhooks: stores.webhooks,
    ...(scaled ? { scaled } : {}),
  });
  // After CORS, which answers preflights first; before the routes it records.
  registerAllowedMethods(app);
  await registerOpenApi(app);
  await app.register(
    healthRoutes(async () =>
      withScaledHealth(await healthReport(await engines, config), await parts.scaledHealth()),
    ),
  );
  if (config.METRICS_TOKEN) {
    const registry = openMetrics({ config, bus, tasks: parts.tasks, queue: parts.runner });
    await app.register(metricsRoutes(config.METRICS_TOKEN, registry));
  }
  await app.register(publicConfigRoutes(config));
  const downloads = new DownloadService({
    config,
    bus,
    tasks: parts.tasks,
    records,
    results: stores.results,
    queue: parts.runner,
    live: parts.live,
    // Scaled mode: a client's previews on every API node count together.
    ...(scaled
      ? {
          previewShares: new RedisPreviewShares(
            scaled.commands,
            `${scaled.prefix}:preview-shares:`,
            (config.PREVIEW_TIMEOUT_SECONDS + 60) * 1000,
          ),
        }
      : {}),
  });
  const resumable = await openResumableUploads(config, app.log, scaled);
  const converter = new ConverterService({
    config,
    bus,
    ...stores.conversions,
    records,
    results: stores.results,
    queue: parts.runner,
    resumable: resumable.uploads,
  });
  await registerDownloads(app, {
    config,
    bus,
    service: downloads,
    security,
    ...(scaled ? { hubAdapter: () => scaled.hubAdapter() } : {}),
  });
  await registerCloudStorage(app, {
    config,
    ...(parts.cloud ? { cloud: parts.cloud.cloud } : {}),
    ...(parts.cloud?.ready ? { ready: parts.cloud.ready } : {}),
    downloads,
    copies: { queue: parts.runner, records, bus },
  });
  await app.register(convertRoutes(converter, config));
  await app.register(uploadRoutes(resumableUploadService(resumable.uploads, converter, config)));
  await app.register(jobRoutes(new PublicJobs(records)));
  const webhooks = new WebhookService({ config, store: stores.webhooks, queue: parts.runner });
  await app.register(webhookRoutes(webhooks, config));
  await registerPages(app, config.WEB_DIST_DIR);
  app.addHook('onClose', async () => {
    downloads.close();
    resumable.close();
    await parts.close();
  });
  return app;
}
