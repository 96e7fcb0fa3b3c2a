// download-and-upload: a cloud copy is a job of its own (a `cloud` job record holding the request's
// running-job slot); its download runs as a normal task (hub progress as usual) riding on that
// slot, and once the download has ended, its result is copied into cloud storage, the task's
// state names the cloud copy and the copy's record ends, giving the slot back. The wait is the
// one job waiter (any process can answer), and the copy does not depend on the HTTP request: a
// visitor who disconnects still finds it in the task.
import type { Platform } from '@grabbit/catalog';
import type { CloudDownloadRequest, CloudFileLink } from '@grabbit/contracts';
import { downloadFailures } from '../download/failures';
import type { DownloadService } from '../download/service';
import { AppError } from '../core/app-error';
import { isEnded } from '../jobs/job-record';
import type { JobOrigin } from '../jobs/job-records';
import type { CloudService, KeepRequest, KeptFile } from './cloud-service';

type KeptLink = Pick<CloudFileLink, 'fileKey' | 'downloadUrl' | 'linkExpiresAt'>;

export interface KeptDownload extends KeptFile {
  taskId: string;
  link: KeptLink;
}

export async function keepDownload(
  downloads: DownloadService,
  cloud: CloudService,
  platform: Platform,
  body: CloudDownloadRequest & Pick<KeepRequest, 'owner'>,
  origin: string,
  job: JobOrigin,
): Promise<{ taskId: string; kept: Promise<KeptDownload> }> {
  const { records } = downloads;
  const copy = await records.start(job, 'cloud', {});
  // A copy cancelled by its owner (jobs/job-cancel.ts) has ended already: its end stays.
  const end = (change: { kept: KeptLink } | { error: AppError }) =>
    records.update(copy.id, (current) => {
      if (isEnded(current)) return undefined;
      if ('error' in change)
        return {
          ...current,
          status: 'failed',
          stage: 'error',
          errorCode: change.error.code,
          error: change.error.message,
        };
      const { fileKey, downloadUrl, linkExpiresAt } = change.kept;
      return {
        ...current,
        status: 'done',
        progress: 100,
        stage: 'completed',
        result: fileKey,
        resultLink: downloadUrl,
        resultExpiresAt: Date.parse(linkExpiresAt),
      };
    });
  let taskId: string;
  try {
    const input = {
      url: body.url,
      format: body.format,
      quality: body.quality,
      removeWatermark: body.removeWatermark,
      forCloudCopy: true,
      // Cancelling the copy cancels its download.
      partOf: copy.id,
    };
    taskId = (await downloads.startTask(platform, input, { owner: copy.owner })).taskId;
  } catch (error) {
    await end({ error: error instanceof AppError ? error : copyFailed() }).catch(() => undefined);
    throw error;
  }
  await records.update(copy.id, (current) =>
    isEnded(current)
      ? undefined
      : { ...current, status: 'running', stage: 'downloading', detail: { taskId } },
  );
  const kept = (async () => {
    const settled = await downloads.waitForTask(taskId);
    if (settled?.task.status !== 'completed' || !settled.result) {
      const code = (settled?.task.errorCode ?? 'DOWNLOAD_FAILED') as AppError['code'];
      throw new AppError(code, settled?.task.error ?? copyFailed().message);
    }
    const file = await cloud.keepResult(settled.result.fileId, body).catch(async (error: unknown) => {
      // Not kept in cloud storage: the downloaded file waits for its owner like any other.
      await records.leaveForOwner(taskId).catch(() => undefined);
      throw error;
    });
    const link = cloud.link(file.meta, origin);
    await downloads.tasks.annotate(taskId, { cloudFileKey: link.fileKey, cloudUrl: link.downloadUrl });
    return { ...file, taskId, link };
  })();
  kept
    .then(
      (file) => end({ kept: file.link }),
      (error: unknown) => end({ error: error instanceof AppError ? error : copyFailed() }),
    )
    .catch(() => undefined);
  return { taskId, kept: endedByShutdown(kept, cloud.closing) };
}

const copyFailed = () => new AppError('DOWNLOAD_FAILED', 'Cloud storage upload failed');

const restarting = () =>
  Object.assign(
    new AppError(
      'BUSY',
      'This server is restarting before your file was stored in cloud storage. Please try again.',
    ),
    { retryAfterSeconds: 5 },
  );

/**
 * The copy is this process's own step after the download: a server shutting down will not make
 * it, so the visitor waiting for it gets a clear 503 at once instead of a connection cut later.
 */
function endedByShutdown(kept: Promise<KeptDownload>, closing: AbortSignal): Promise<KeptDownload> {
  if (closing.aborted) return Promise.reject(restarting());
  return new Promise((resolve, reject) => {
    const onClose = () => reject(restarting());
    closing.addEventListener('abort', onClose, { once: true });
    kept.then(resolve, reject).finally(() => closing.removeEventListener('abort', onClose));
  });
}

/** Waits for the kept download, at most `limitMs` (the task goes on; its state says the rest). */
export async function waitForKept(kept: Promise<KeptDownload>, limitMs: number): Promise<KeptDownload> {
  // Failures after the answer was given must not become unhandled rejections.
  kept.catch(() => {});
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(downloadFailures.timedOut()), limitMs);
  });
  try {
    return await Promise.race([kept, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
