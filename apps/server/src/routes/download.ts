// POST /api/download/{platform}: start a download ({success, message, taskId}), or with
// directDownload answer the file itself once ready. GET /api/download/task/{taskId}: the task's
// state (the truth after a reconnect). GET /api/download/file/{fileId}: the result file (DELETE
// removes it unsaved: routes/delete-result.ts).
import {
  apiRoutes,
  downloadRequestSchema,
  downloadStartResponseSchema,
  downloadTaskSchema,
  pathParamsSchema,
  platformParamsSchema,
  type DownloadStartResponse,
} from '@grabbit/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { DownloadService } from '../download/service';
import { answers, fileAnswer, jsonOrFile } from '../http/route-schemas';
import { sendFetchedResult, sendLiveDownload, sendStoredResult } from '../http/send-result';
import { jobOrigin, startsJob } from '../security/job-gate';
import { deleteResultRoute } from './delete-result';
import { downloadErrors } from './error-sets';
import { downloadMediaTypes } from './file-media-types';

const tags = ['downloads'];

export function downloadRoutes(service: DownloadService) {
  return async function register(app: FastifyInstance): Promise<void> {
    const api = app.withTypeProvider<ZodTypeProvider>();
    api.post(
      apiRoutes.download,
      {
        config: startsJob('download'),
        schema: {
          summary: 'Start a download (or answer the file itself with directDownload)',
          description:
            'With directDownload the answer is the file. A plain web file already in the asked format may be sent while it is still being downloaded, with the length the site announced: an answer that ends short of its Content-Length is a failed download.',
          tags,
          params: platformParamsSchema,
          body: downloadRequestSchema,
          response: answers({ 200: jsonOrFile(downloadStartResponseSchema, downloadMediaTypes) }),
          // directDownload: the stored file, whose answers (ranges, a signed link) are documented.
          storedFile: true,
          answerHeaders: {
            every: {
              'X-Task-Id': { type: 'string', description: 'directDownload: the task that made the file' },
            },
          },
          errors: downloadErrors,
        },
      },
      async (request, reply) => {
        const platform = service.platform(request.params.platform);
        // The task takes over the request's running-job slot and holds it until it ends.
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
          if (!reply.raw.writableFinished)
            void service.records.leaveForOwner(task.taskId).catch(() => undefined);
        });
        const answer = await service.directFile(task.taskId);
        reply.header('x-task-id', task.taskId);
        // Sent whole, the file goes: it never counted as waiting, so it must not stay either. The
        // bucket's link sends it where this server cannot see: that file waits for its owner.
        if ('stored' in answer && answer.stored.signedUrl) await service.records.leaveForOwner(task.taskId);
        else reply.raw.once('finish', () => void service.dropSentFile(task.taskId).catch(() => undefined));
        if ('live' in answer) return sendLiveDownload(reply, answer.live);
        return sendStoredResult(request, reply, answer.stored);
      },
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
        sendFetchedResult(request, reply, await service.resultFile(request.params.fileId), service.records),
    );

    deleteResultRoute(app, apiRoutes.downloadFile, {
      records: service.records,
      results: service.results,
      tags,
      kinds: ['download', 'batch'],
    });
  };
}
