// POST /api/download/{platform}: start a download ({success, message, taskId}), or with
// directDownload answer the file itself once ready. GET /api/download/task/{taskId}: the task's
// state (the truth after a reconnect). GET /api/download/file/{fileId}: the result file.
import { downloadRequestSchema, type DownloadStartResponse } from '@grabbit/contracts';
import type { FastifyInstance } from 'fastify';
import type { DownloadService } from '../download/service';
import { downloadFailures } from '../download/failures';
import { AppError } from '../http/app-error';
import { sendStoredResult } from '../http/send-result';
import { parseBody } from './download-shared';

export function downloadRoutes(service: DownloadService) {
  return async function register(app: FastifyInstance): Promise<void> {
    app.post<{ Params: { platform: string } }>('/api/download/:platform', async (request, reply) => {
      const platform = service.platform(request.params.platform);
      const body = parseBody(downloadRequestSchema, request.body);
      const task = await service.startTask(platform, body);
      if (!body.directDownload) {
        return {
          success: true,
          message: 'Download started',
          taskId: task.taskId,
        } satisfies DownloadStartResponse;
      }
      const settled = await service.waitForTask(task.taskId);
      if (settled?.task.status !== 'completed' || !settled.result) {
        const code = (settled?.task.errorCode ?? 'DOWNLOAD_FAILED') as AppError['code'];
        throw new AppError(code, settled?.task.error ?? 'Download failed');
      }
      const file = await service.results.open(settled.result.fileId);
      if (!file) throw downloadFailures.fileExpired();
      reply.header('x-task-id', task.taskId);
      return sendStoredResult(request, reply, file);
    });

    app.get<{ Params: { taskId: string } }>('/api/download/task/:taskId', async (request, reply) => {
      const task = await service.tasks.get(request.params.taskId);
      if (!task) throw downloadFailures.taskNotFound();
      reply.header('cache-control', 'no-store');
      return task;
    });

    app.get<{ Params: { fileId: string } }>('/api/download/file/:fileId', async (request, reply) => {
      const file = await service.results.open(request.params.fileId);
      if (!file) throw downloadFailures.fileExpired();
      return sendStoredResult(request, reply, file);
    });
  };
}
