// The four cloud-storage calls, plus the object links themselves:
//   POST /api/cloudstorage/download-and-upload, POST /api/cloudstorage/upload,
//   GET /api/cloudstorage/status[?fileKey=] (a fresh link for a key), DELETE /api/cloudstorage/delete/{fileKey},
//   GET /api/cloudstorage/files/{linkId}[?expires=&signature=] (public, or signed and expiring).
// The file key is the owner's handle (fresh links, delete): only the store calls answer it, and a
// link names its object by an opaque link id that neither mints links nor deletes.
import { platformForLink } from '@grabbit/catalog';
import {
  apiRoutes,
  cloudDeleteResponseSchema,
  cloudDownloadRequestSchema,
  cloudFileQuerySchema,
  cloudStatusQuerySchema,
  cloudStatusResponseSchema,
  cloudStoreResponseSchema,
  cloudUploadRequestSchema,
  pathParamsSchema,
  type CloudDeleteResponse,
  type CloudStatusResponse,
  type CloudStoreResponse,
} from '@grabbit/contracts';
import type { FastifyInstance, FastifyRequest, FastifySchema } from 'fastify';
import type { Config } from '../config/env';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { cloudFailures, type CloudService, type KeptFile } from '../cloud/cloud-service';
import { keepDownload, waitForKept, type CloudCopies } from '../cloud/keep-download';
import { resultIdFromFilePath } from '../cloud/result-reference';
import type { DownloadService } from '../download/download-service';
import { AppError } from '../core/app-error';
import { sendStoredResult } from '../http/send-result';
import { linkOrigin } from '../security/link-origin';
import { answers, fileAnswer } from '../http/route-schemas';
import { keptMediaTypes } from '../openapi/file-media-types';
import { jobOrigin, startsJob } from '../security/job-gate';
import { downloadErrors } from './error-sets';

const whenOff = ' (404 FEATURE_DISABLED while cloud storage is off)';
const tags = ['cloud storage'];

/**
 * Every cloud-storage route with its schema. With the feature off the same routes and documents
 * answer 404 FEATURE_DISABLED before anything is validated (registerCloudStorage).
 */
export const cloudRoutes = {
  downloadAndUpload: {
    method: 'POST',
    url: apiRoutes.cloudDownloadAndUpload,
    schema: {
      summary: `Download a link and keep the file in cloud storage; answers its link${whenOff}`,
      tags,
      body: cloudDownloadRequestSchema,
      response: answers(cloudStoreResponseSchema),
      errors: [
        ...downloadErrors,
        'FEATURE_DISABLED',
        'FILE_TOO_LARGE',
        'CLOUD_STORAGE_FULL',
        'CLOUD_QUOTA_EXCEEDED',
      ],
    },
  },
  upload: {
    method: 'POST',
    url: apiRoutes.cloudUpload,
    schema: {
      summary: `Keep a result this server gave out in cloud storage; answers its link${whenOff}`,
      tags,
      body: cloudUploadRequestSchema,
      response: answers(cloudStoreResponseSchema),
      errors: [
        'FEATURE_DISABLED',
        'FILE_PATH_REFUSED',
        'FILE_EXPIRED',
        'FILE_TOO_LARGE',
        'CLOUD_STORAGE_FULL',
        'CLOUD_QUOTA_EXCEEDED',
      ],
    },
  },
  status: {
    method: 'GET',
    url: apiRoutes.cloudStatus,
    schema: {
      summary: `Cloud storage limits and usage, and a fresh link for ?fileKey=${whenOff}`,
      tags,
      querystring: cloudStatusQuerySchema,
      response: answers(cloudStatusResponseSchema),
      errors: ['FEATURE_DISABLED', 'CLOUD_FILE_NOT_FOUND'],
    },
  },
  delete: {
    method: 'DELETE',
    url: apiRoutes.cloudDelete,
    schema: {
      summary: `Delete a kept file${whenOff}`,
      tags,
      params: pathParamsSchema('fileKey'),
      response: answers(cloudDeleteResponseSchema),
      errors: ['FEATURE_DISABLED', 'CLOUD_FILE_NOT_FOUND'],
    },
  },
  file: {
    method: 'GET',
    url: apiRoutes.cloudFile,
    schema: {
      summary: `A kept file by its link id (never its file key): public, or with ?expires=&signature= from a signed link${whenOff}`,
      tags,
      params: pathParamsSchema('linkId'),
      querystring: cloudFileQuerySchema,
      response: answers({ 200: fileAnswer(keptMediaTypes) }),
      storedFile: true,
      errors: ['FEATURE_DISABLED', 'CLOUD_FILE_NOT_FOUND', 'CLOUD_LINK_INVALID', 'CLOUD_LINK_EXPIRED'],
    },
  },
} as const;

/** The request's own origin, only to recognise absolute links to our results in a filePath. */
const requestOrigin = (request: FastifyRequest) => `${request.protocol}://${request.host}`;

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

export interface CloudRoutesDeps {
  config: Config;
  /** Undefined when the feature is off. */
  cloud?: CloudService;
  /** Waits for what the calls need first (scaled mode: the shared link secret from Redis). */
  ready?: () => Promise<void>;
  downloads: DownloadService;
  /** Where cloud copies are queued and followed. */
  copies: CloudCopies;
}

/**
 * Registers cloud storage's routes. With FEATURE_CLOUD_STORAGE off (no service) every call answers
 * 404 FEATURE_DISABLED and nothing is created on disk.
 */
export async function registerCloudStorage(app: FastifyInstance, deps: CloudRoutesDeps): Promise<void> {
  const { cloud, ready } = deps;
  if (!cloud) {
    // The same routes and documents as when on (not a wildcard): the API document lists exactly
    // these, and other /api/cloudstorage paths get the usual 404 NOT_FOUND. The refusal comes
    // before validation, so any input is answered FEATURE_DISABLED.
    const disabled = async () => {
      throw new AppError('FEATURE_DISABLED', 'Cloud storage is not enabled on this server.');
    };
    for (const { method, url, schema } of Object.values(cloudRoutes))
      app.route({ method, url, schema: schema as FastifySchema, preValidation: disabled, handler: disabled });
    return;
  }
  // Before the HTTP server waits for open requests: pending download-and-upload calls answer now.
  app.addHook('preClose', async () => cloud.close());
  await app.register(async (scope) => {
    if (ready) scope.addHook('onRequest', ready);
    await scope.register(cloudStorageRoutes(cloud, deps));
  });
}

function cloudStorageRoutes(cloud: CloudService, { config, downloads, copies }: CloudRoutesDeps) {
  return async function register(app: FastifyInstance): Promise<void> {
    const api = app.withTypeProvider<ZodTypeProvider>();
    api.post(
      cloudRoutes.downloadAndUpload.url,
      // A download plus a copy: the same gate as any download (budget, running jobs, free disk).
      { schema: cloudRoutes.downloadAndUpload.schema, config: startsJob('download') },
      async (request) => {
        const { body } = request;
        const platform = body.platform ? downloads.platform(body.platform) : platformForLink(body.url);
        if (!platform) throw new AppError('UNSUPPORTED_URL', 'This URL is not supported by any downloader.');
        const origin = linkOrigin(request, config);
        const owned = { ...body, owner: request.clientId };
        // The copy takes over the request's running-job slot and holds it until it ends.
        const started = await keepDownload(
          downloads,
          cloud,
          copies,
          platform,
          owned,
          origin,
          jobOrigin(request),
        );
        // Bounded like the download itself (plus the copy); the task's state tells the rest.
        const kept = await waitForKept(started.kept, (config.DOWNLOAD_TIMEOUT_SECONDS + 120) * 1000);
        return storedAnswer(cloud, kept, origin, started.taskId);
      },
    );

    // A copy into the bucket takes disk and a job slot while it runs, as a download does.
    const uploadRoute = { schema: cloudRoutes.upload.schema, config: startsJob('download') };
    api.post(cloudRoutes.upload.url, uploadRoute, async (request) => {
      const { body } = request;
      const ownOrigins = [
        requestOrigin(request),
        ...(config.PUBLIC_URL ? [new URL(config.PUBLIC_URL).origin] : []),
      ];
      const fileId = resultIdFromFilePath(body.filePath, ownOrigins);
      const kept = await cloud.keepResult(fileId, { ...body, owner: request.clientId });
      return storedAnswer(cloud, kept, linkOrigin(request, config));
    });

    api.get(cloudRoutes.status.url, { schema: cloudRoutes.status.schema }, async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const status: CloudStatusResponse = await cloud.status();
      const { fileKey } = request.query;
      if (typeof fileKey === 'string')
        status.file = cloud.link(await cloud.find(fileKey), linkOrigin(request, config));
      return status;
    });

    api.delete(cloudRoutes.delete.url, { schema: cloudRoutes.delete.schema }, async (request) => {
      await cloud.delete(request.params.fileKey);
      return {
        success: true,
        message: 'File deleted from cloud storage',
        fileKey: request.params.fileKey,
      } satisfies CloudDeleteResponse;
    });

    api.get(cloudRoutes.file.url, { schema: cloudRoutes.file.schema }, async (request, reply) => {
      const meta = await cloud.findByLink(request.params.linkId);
      const check = cloud.checkLink(meta, request.query.expires, request.query.signature);
      if (check === 'expired')
        throw new AppError('CLOUD_LINK_EXPIRED', 'This link has expired. Ask for a new one.');
      if (check === 'invalid') throw new AppError('CLOUD_LINK_INVALID', 'This link is not valid.');
      const file = await cloud.store.open(meta);
      if (!file) throw cloudFailures.notFound();
      if (file.signedUrl) return reply.redirect(await file.signedUrl(), 302);
      return sendStoredResult(request, reply, file);
    });
  };
}
