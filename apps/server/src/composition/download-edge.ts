// The downloader's HTTP edge: its routes and the real-time hub (progress of tasks and batches),
// closed with the app.
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config/env';
import { downloadHubState } from '../download/hub-answers';
import type { DownloadService } from '../download/download-service';
import { attachDownloadHub, type HubOptions } from '../realtime/hub';
import type { EventBus } from '../realtime/event-bus';
import { downloadRoutes } from '../routes/download';
import { downloadInfoRoutes } from '../routes/download-info';
import { downloadMediaRoutes } from '../routes/download-media';
import { downloadPlaylistRoutes } from '../routes/download-playlist';
import { validateRoutes } from '../routes/validate';
import { hubOrigins } from '../security/headers';
import { limitHubJoins } from '../security/hub-limits';
import type { Security } from '../security/register';

export interface DownloadEdgeDeps {
  config: Config;
  bus: EventBus;
  service: DownloadService;
  security: Security;
  /** Scaled mode: socket.io's Redis adapter, so the hub spans every API node. */
  hubAdapter?: () => NonNullable<HubOptions['adapter']>;
}

export async function registerDownloads(app: FastifyInstance, deps: DownloadEdgeDeps): Promise<void> {
  const { config, service } = deps;
  await app.register(downloadInfoRoutes(service));
  await app.register(downloadRoutes(service));
  await app.register(downloadMediaRoutes(service));
  await app.register(downloadPlaylistRoutes(service));
  await app.register(validateRoutes(config));
  const hub = attachDownloadHub(
    app.server,
    deps.bus,
    downloadHubState({
      task: (taskId) => service.taskOf(taskId),
      batch: (batchId) => service.batchOf(batchId),
    }),
    {
      origins: hubOrigins(config),
      admit: deps.security.hubAdmission,
      ...(deps.hubAdapter ? { adapter: deps.hubAdapter() } : {}),
    },
  );
  limitHubJoins(hub.io);
  app.addHook('preClose', async () => {
    await hub.close();
  });
}
