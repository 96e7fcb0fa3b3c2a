// POST /api/download/{platform}: start a download ({success, message, taskId}), or with
// directDownload answer the file itself once ready; POST /api/download: the same for any supported
// link, its site picked by its host. GET /api/download/task/{taskId}: the task's
// state (the truth after a reconnect). GET /api/download/file/{fileId}: the result file (DELETE
// removes it unsaved: routes/delete-result.ts).
import {
  apiRoutes,
  downloadRequestSchema,
  downloadStartResponseSchema,
  downloadTaskSchema,
  pathParamsSchema,
  platformParamsSchema,
  type DownloadRequest,
  type DownloadStartResponse,
} from '@grabbit/contracts';
import type { Platform } from '@grabbit/catalog';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { DownloadService } from '../download/download-service';
import { answers, fileAnswer, jsonOrFile } from '../http/route-schemas';
import { sendFetchedResult, sendLiveDownload, sendStoredResult } from '../http/send-result';
import { downloadMediaTypes } from '../openapi/file-media-types';
import { jobOrigin, startsJob } from '../security/job-gate';
import { deleteResultRoute } from './delete-result';
import { downloadErrors } from './error-sets';

const tags = ['downloads'];

export function downloadRoutes(service: DownloadService) {
  return async function register(app: FastifyInstance): Promise<void> {
    const api = app.withTypeProvider<ZodTypeProvider>();
    const start = {
      config: startsJob('download'),
      schema: {
        description:
          'With directDownload the answer is the file. A plain web file already in the asked format may be sent while it is still being downloaded, with the length the site announced: an answer that ends short of its Content-Length is a failed download.',
        tags,
        body: downloadRequestSchema,
        response: answers({ 200: jsonOrFile(downloadStartResponseSchema, downloadMediaTypes) }),
        // directDownload: the stored file, whose answers (ranges, a signed link) are documented.
        storedFile: true,
        answerHeaders: {
          every: {
            'X-Task-Id': {
              type: 'string' as const,
              description: 'directDownload: the task that made the file',
            },
          },
        },
        errors: downloadErrors,
      },
    };

    api.post(
      apiRoutes.download,
      {
        ...start,
        schema: {
          ...start.schema,
          summary: 'Start a download (or answer the file itself with directDownload)',
          params: platformParamsSchema,
        },
      },
      async (request, reply) =>
        startDownload(service, service.platform(request.params.platform), request, reply),
    );

    api.post(
      apiRoutes.downloadAnyLink,
      {
        ...start,
        schema: {
          ...start.schema,
          summary: "Start a download of any supported link: the site is picked by the link's host",
          description: `The site's own call (POST ${apiRoutes.download.replace(':platform', '{platform}')}) chosen by the link's host with the same rules as the home page's paste box; it answers exactly as that call does. A link of no supported site is 400 UNSUPPORTED_URL naming the supported sites. ${start.schema.description}`,
        },
      },
      async (request, reply) =>
        startDownload(service, service.platformOfLink(request.body.url), request, reply),
    );

    api.get(
      apiRoutes.downloadTask,
      {
        schema: {
          summary: "A download task's state",
          tags,
          params: pathParamsSchema('taskId'),
          response: answers(downloadTaskSchema),
          errors: ['TASK_NOT_FOUND'],
        },
      },
      async (request, reply) => {
        const task = await service.task(request.params.taskId);
        reply.header('cache-control', 'no-store');
        return task;
      },
    );

    api.get(
      apiRoutes.downloadFile,
      {
        schema: {
          summary: 'A finished download (an attachment; ranges work)',
          tags,
          params: pathParamsSchema('fileId'),
          response: answers({ 200: fileAnswer(downloadMediaTypes) }),
          storedFile: true,
          errors: ['FILE_EXPIRED'],
        },
      },
      async (request, reply) =>
        sendFetchedResult(request, reply, await service.resultFile(request.params.fileId), service),
    );

    deleteResultRoute(app, apiRoutes.downloadFile, {
      deleteResult: (fileId, clientId) => service.deleteResult(fileId, clientId),
      tags,
    });
  };
}

/**
 * Starts a download on `platform`'s terms and answers the task, or with directDownload the file.
 * The task takes over the request's running-job slot and holds it until it ends.
 */
async function startDownload(
  service: DownloadService,
  platform: Platform,
  request: FastifyRequest<{ Body: DownloadRequest }>,
  reply: FastifyReply,
) {
  const task = await service.startTask(platform, request.body, jobOrigin(request));
  if (!request.body.directDownload) {
    return {
      success: true,
      message: 'Download started',
      taskId: task.taskId,
    } satisfies DownloadStartResponse;
  }
  // A file this request does not send whole waits for its owner (jobs/waiting-results.ts).
  reply.raw.once('close', () => {
    if (!reply.raw.writableFinished) void service.leaveResult(task.taskId).catch(() => undefined);
  });
  const answer = await service.directFile(task.taskId);
  reply.header('x-task-id', task.taskId);
  // Sent whole, the file goes: it never counted as waiting, so it must not stay either. The
  // bucket's link sends it where this server cannot see: that file waits for its owner.
  if ('stored' in answer && answer.stored.signedUrl) await service.leaveResult(task.taskId);
  else reply.raw.once('finish', () => void service.dropSentFile(task.taskId).catch(() => undefined));
  if ('live' in answer) return sendLiveDownload(reply, answer.live);
  return sendStoredResult(request, reply, answer.stored);
}
