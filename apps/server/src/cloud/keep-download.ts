// download-and-upload: the download runs as a normal task (hub progress as usual); once it has
// finished, its result is copied into cloud storage and the task's state names the cloud copy.
// The wait goes through the task store and the event bus (any process can answer), and the copy
// does not depend on the HTTP request: a visitor who disconnects still finds it in the task.
import type { Platform } from '@grabbit/catalog';
import type { CloudDownloadRequest } from '@grabbit/contracts';
import { downloadFailures } from '../download/failures';
import type { DownloadService } from '../download/service';
import { AppError } from '../core/app-error';
import type { CloudService, KeepRequest, KeptFile } from './cloud-service';

export interface KeptDownload extends KeptFile {
  taskId: string;
}

export async function keepDownload(
  downloads: DownloadService,
  cloud: CloudService,
  platform: Platform,
  body: CloudDownloadRequest & Pick<KeepRequest, 'owner'>,
  origin: string,
): Promise<{ taskId: string; kept: Promise<KeptDownload> }> {
  const task = await downloads.startTask(platform, {
    url: body.url,
    format: body.format,
    quality: body.quality,
    removeWatermark: body.removeWatermark,
  });
  const kept = (async () => {
    const settled = await downloads.waitForTask(task.taskId);
    if (settled?.task.status !== 'completed' || !settled.result) {
      const code = (settled?.task.errorCode ?? 'DOWNLOAD_FAILED') as AppError['code'];
      throw new AppError(code, settled?.task.error ?? 'Cloud storage upload failed');
    }
    const file = await cloud.keepResult(settled.result.fileId, body);
    const link = cloud.link(file.meta, origin);
    await downloads.tasks.annotate(task.taskId, { cloudFileKey: link.fileKey, cloudUrl: link.downloadUrl });
    return { ...file, taskId: task.taskId };
  })();
  return { taskId: task.taskId, kept: endedByShutdown(kept, cloud.closing) };
}

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
