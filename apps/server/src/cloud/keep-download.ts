// download-and-upload: a cloud copy is a job of its own (a `cloud` job record holding the request's
// running-job slot); its download runs as a normal task (hub progress as usual) riding on that
// slot, and a queued `cloud` job (cloud-copy-job.ts) copies the download's result into cloud
// storage once it has ended, names the copy in the task and ends the copy's record, giving the
// slot back. The job runs wherever jobs run (any worker in scaled mode), so neither the HTTP
// request nor the API process that accepted it need to last: the request only waits for the
// record's end through the one job waiter.
import type { Platform } from '@grabbit/catalog';
import type { CloudDownloadRequest } from '@grabbit/contracts';
import { downloadFailures } from '../download/failures';
import type { DownloadService } from '../download/download-service';
import { AppError } from '../core/app-error';
import { isEnded, type JobRecord } from '../jobs/job-record';
import type { JobChangeBus, JobOrigin, JobRecords } from '../jobs/job-records';
import type { JobQueue } from '../jobs/runner';
import { waitForJob } from '../jobs/wait-for-job';
import { copyFailed, failCopy } from './cloud-copy-job';
import type { CloudService, KeepRequest, KeptFile } from './cloud-service';

/** Where the copy's job goes and how its end is followed (the runner, records and bus of the process). */
export interface CloudCopies {
  queue: JobQueue;
  records: JobRecords;
  bus: Pick<JobChangeBus, 'subscribe'>;
}

export async function keepDownload(
  downloads: DownloadService,
  cloud: CloudService,
  copies: CloudCopies,
  platform: Platform,
  body: CloudDownloadRequest & Pick<KeepRequest, 'owner'>,
  origin: string,
  job: JobOrigin,
): Promise<{ taskId: string; kept: Promise<KeptFile> }> {
  const { records } = copies;
  const copy = await records.start(job, 'cloud', {});
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
    await failCopy(records, copy.id, error).catch(() => undefined);
    throw error;
  }
  await records.update(copy.id, (current) =>
    isEnded(current)
      ? undefined
      : { ...current, status: 'running', stage: 'downloading', detail: { taskId } },
  );
  try {
    await copies.queue.submit({
      name: 'cloud',
      id: copy.id,
      data: {
        copyId: copy.id,
        taskId,
        owner: body.owner,
        makePublic: body.makePublic,
        ...(body.customKey === undefined ? {} : { customKey: body.customKey }),
        ...(body.retentionHours === undefined ? {} : { retentionHours: body.retentionHours }),
        origin,
      },
    });
  } catch (error) {
    // No copy will be made: the download's file waits for its owner like any other.
    await records.leaveForOwner(taskId).catch(() => undefined);
    await failCopy(records, copy.id, error).catch(() => undefined);
    throw error;
  }
  const kept = waitForJob(records, copies.bus, copy.id).done.then((record) =>
    keptFile(cloud, record, body.retentionHours),
  );
  return { taskId, kept: endedByShutdown(kept, cloud.closing) };
}

/** The copy's end as the request answers it: the kept file, or the copy's own error. */
async function keptFile(
  cloud: CloudService,
  record: JobRecord | undefined,
  retentionHours: number | undefined,
): Promise<KeptFile> {
  if (record?.status === 'done' && record.result)
    return { meta: await cloud.find(record.result), retentionHours: cloud.retentionHours(retentionHours) };
  if (!record?.errorCode) throw copyFailed();
  throw new AppError(record.errorCode as AppError['code'], record.error ?? copyFailed().message);
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
 * A server shutting down stops waiting for the copy (in scaled mode its job goes on in a worker):
 * the visitor gets a clear 503 at once instead of a connection cut later.
 */
function endedByShutdown(kept: Promise<KeptFile>, closing: AbortSignal): Promise<KeptFile> {
  if (closing.aborted) return Promise.reject(restarting());
  return new Promise((resolve, reject) => {
    const onClose = () => reject(restarting());
    closing.addEventListener('abort', onClose, { once: true });
    kept.then(resolve, reject).finally(() => closing.removeEventListener('abort', onClose));
  });
}

/** Waits for the kept download, at most `limitMs` (the task goes on; its state says the rest). */
export async function waitForKept(kept: Promise<KeptFile>, limitMs: number): Promise<KeptFile> {
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
