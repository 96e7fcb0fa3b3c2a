// The spec's four cloud-storage calls, plus the object links themselves:
//   POST /api/cloudstorage/download-and-upload, POST /api/cloudstorage/upload,
//   GET /api/cloudstorage/status[?fileKey=] (a fresh link for a key), DELETE /api/cloudstorage/delete/{fileKey},
//   GET /api/cloudstorage/files/{fileKey}[?expires=&signature=] (public, or signed and expiring).
import { platformForLink } from '@grabbit/catalog';
import {
  cloudDownloadRequestSchema,
  cloudUploadRequestSchema,
  type CloudDeleteResponse,
  type CloudStatusResponse,
  type CloudStoreResponse,
} from '@grabbit/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { cloudFailures, type CloudService, type KeptFile } from '../cloud/cloud-service';
import { keepDownload, waitForKept } from '../cloud/keep-download';
import { resultIdFromFilePath } from '../cloud/result-reference';
import type { DownloadService } from '../download/service';
import { AppError } from '../http/app-error';
import { sendStoredResult } from '../http/send-result';
import { parseBody } from './download-shared';

/** Every cloud-storage route; with the feature off each one answers 404 FEATURE_DISABLED. */
export const cloudEndpoints = {
  downloadAndUpload: { method: 'POST', url: '/api/cloudstorage/download-and-upload' },
  upload: { method: 'POST', url: '/api/cloudstorage/upload' },
  status: { method: 'GET', url: '/api/cloudstorage/status' },
  delete: { method: 'DELETE', url: '/api/cloudstorage/delete/:fileKey' },
  file: { method: 'GET', url: '/api/cloudstorage/files/:fileKey' },
} as const;

/** The origin the visitor reached us at: links are made for it. */
const originOf = (request: FastifyRequest) => `${request.protocol}://${request.host}`;

function storedAnswer(
  cloud: CloudService,
  kept: KeptFile,
  origin: string,
  taskId?: string,
): CloudStoreResponse {
  return {
    success: true,
    message: 'File stored in cloud storage',
    ...cloud.link(kept.meta, origin),
    retentionHours: kept.retentionHours,
    ...(taskId ? { taskId } : {}),
  };
}

export function cloudStorageRoutes(cloud: CloudService, downloads: DownloadService) {
  const config = downloads.config;
  return async function register(app: FastifyInstance): Promise<void> {
    app.post(cloudEndpoints.downloadAndUpload.url, async (request) => {
      const body = parseBody(cloudDownloadRequestSchema, request.body);
      const platform = body.platform ? downloads.platform(body.platform) : platformForLink(body.url);
      if (!platform) throw new AppError('UNSUPPORTED_URL', 'This URL is not supported by any downloader.');
      const origin = originOf(request);
      const started = await keepDownload(downloads, cloud, platform, body, origin);
      // Bounded like the download itself (plus the copy); the task's state tells the rest.
      const kept = await waitForKept(started.kept, (config.DOWNLOAD_TIMEOUT_SECONDS + 120) * 1000);
      return storedAnswer(cloud, kept, origin, started.taskId);
    });

    app.post(cloudEndpoints.upload.url, async (request) => {
      const body = parseBody(cloudUploadRequestSchema, request.body);
      const origin = originOf(request);
      const ownOrigins = [origin, ...(config.PUBLIC_URL ? [new URL(config.PUBLIC_URL).origin] : [])];
      const fileId = resultIdFromFilePath(body.filePath, ownOrigins);
      return storedAnswer(cloud, await cloud.keepResult(fileId, body), origin);
    });

    app.get<{ Querystring: { fileKey?: string } }>(cloudEndpoints.status.url, async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const status: CloudStatusResponse = await cloud.status();
      const { fileKey } = request.query;
      if (typeof fileKey === 'string') status.file = cloud.link(await cloud.find(fileKey), originOf(request));
      return status;
    });

    app.delete<{ Params: { fileKey: string } }>(cloudEndpoints.delete.url, async (request) => {
      await cloud.delete(request.params.fileKey);
      return {
        success: true,
        message: 'File deleted from cloud storage',
        fileKey: request.params.fileKey,
      } satisfies CloudDeleteResponse;
    });

    app.get<{ Params: { fileKey: string }; Querystring: { expires?: string; signature?: string } }>(
      cloudEndpoints.file.url,
      async (request, reply) => {
        const meta = await cloud.find(request.params.fileKey);
        const check = cloud.checkLink(meta, request.query.expires, request.query.signature);
        if (check === 'expired')
          throw new AppError('CLOUD_LINK_EXPIRED', 'This link has expired. Ask for a new one.', 403);
        if (check === 'invalid') throw new AppError('CLOUD_LINK_INVALID', 'This link is not valid.', 403);
        const file = await cloud.store.open(meta);
        if (!file) throw cloudFailures.notFound();
        if (file.signedUrl) return reply.redirect(await file.signedUrl(), 302);
        return sendStoredResult(request, reply, file);
      },
    );
  };
}
