// Registers the downloader: its service, routes and the real-time hub, closed with the app.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../composition/app-context';
import { downloadHubState } from '../download/hub-answers';
import { DownloadService } from '../download/service';
import { attachDownloadHub } from '../realtime/hub';
import type { ConversionParts } from '../convert/conversion-parts';
import { convertJobFailed } from '../composition/scaled-conversions';
import { scaledDownloadParts } from '../composition/scaled-downloads';
import { hubOrigins } from '../security/headers';
import { applyHubLimits } from '../security/hub-limits';
import { downloadRoutes } from '../routes/download';
import { downloadInfoRoutes } from '../routes/download-info';
import { downloadMediaRoutes } from '../routes/download-media';
import { downloadPlaylistRoutes } from '../routes/download-playlist';
import { validateRoutes } from '../routes/validate';

export async function registerDownloads(
  app: FastifyInstance,
  context: AppContext,
  conversions: ConversionParts,
): Promise<DownloadService> {
  const { scaled } = context;
  const shared =
    scaled &&
    scaledDownloadParts(scaled, context.config, app.log, {
      runsJobs: context.runsJobs,
      onOtherFailed: (failed) => convertJobFailed(conversions, failed),
    });
  const service = new DownloadService(context.config, context.bus, app.log, shared);
  // The process's one job runner: the converter's jobs run on it too.
  await service.start({ convert: conversions.handler });
  await app.register(downloadInfoRoutes(service));
  await app.register(downloadRoutes(service));
  await app.register(downloadMediaRoutes(service));
  await app.register(downloadPlaylistRoutes(service));
  await app.register(validateRoutes(context.config));
  const hub = attachDownloadHub(
    app.server,
    context.bus,
    downloadHubState({
      task: (taskId) => service.tasks.get(taskId),
      batch: (batchId) => service.batches.status(batchId),
    }),
    { origins: hubOrigins(context.config), ...(scaled ? { adapter: scaled.hubAdapter() } : {}) },
  );
  applyHubLimits(hub.io, context.security.identity, context.security.hubLimiter);
  app.addHook('preClose', async () => {
    await hub.close();
  });
  app.addHook('onClose', async () => {
    await service.close();
  });
  return service;
}
