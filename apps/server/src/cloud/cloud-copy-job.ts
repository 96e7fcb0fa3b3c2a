// The cloud copy's job (job name `cloud`): it waits for its download's end through the one job
// waiter, copies the result into cloud storage, names the copy in the task and ends the copy's
// record. It runs on the job runner like any job (this process's runner when embedded, any worker
// in scaled mode), so it survives the API process that accepted it; a run handed back by a worker
// that stopped runs again elsewhere, and finds the copy already made (its file key is derived).
import { AppError } from '../core/app-error';
import type { JobRecords } from '../jobs/job-records';
import { isEnded } from '../jobs/job-record';
import type { CloudCopyJobData, ProductJobHandler } from '../jobs/job-types';
import type { TaskStore } from '../download/task-store';
import type { CloudService } from './cloud-service';

/** What the copy's job needs: the cloud service of this process (undefined while the feature is off). */
export interface CloudCopyDeps {
  cloud?: CloudService;
  /** Waits for what the service needs first (scaled mode: the shared link secret). */
  ready?: () => Promise<void>;
  records: JobRecords;
  tasks: TaskStore;
}

export const copyFailed = () => new AppError('DOWNLOAD_FAILED', 'Cloud storage upload failed');

/** Ends the copy's record as failed (a copy that ended already, cancelled or done, keeps its end). */
export async function failCopy(records: JobRecords, copyId: string, error: unknown): Promise<void> {
  const failure = error instanceof AppError ? error : copyFailed();
  await records.update(copyId, (current) =>
    isEnded(current)
      ? undefined
      : { ...current, status: 'failed', stage: 'error', errorCode: failure.code, error: failure.message },
  );
}

export function cloudCopyJobHandler(deps: CloudCopyDeps): ProductJobHandler<'cloud'> {
  const { records } = deps;
  return async (data, { signal }) => {
    try {
      const kept = await copyDownload(deps, data, signal);
      const { fileKey, downloadUrl, linkExpiresAt } = kept;
      await records.update(data.copyId, (current) =>
        isEnded(current)
          ? undefined
          : {
              ...current,
              status: 'done',
              progress: 100,
              stage: 'completed',
              result: fileKey,
              resultLink: downloadUrl,
              resultExpiresAt: Date.parse(linkExpiresAt),
            },
      );
    } catch (error) {
      // A run stopped by its runner (shutdown hand-back, time limit) is the runner's to end.
      if (signal.aborted) throw error;
      await failCopy(records, data.copyId, error);
    }
  };
}

async function copyDownload(deps: CloudCopyDeps, data: CloudCopyJobData, signal: AbortSignal) {
  const { cloud, records, tasks } = deps;
  if (!cloud) throw new AppError('FEATURE_DISABLED', 'Cloud storage is not enabled on this server.');
  const settled = await untilAborted(tasks.waitForEnd(data.taskId), signal);
  if (settled?.task.status !== 'completed' || !settled.result) {
    const code = (settled?.task.errorCode ?? 'DOWNLOAD_FAILED') as AppError['code'];
    throw new AppError(code, settled?.task.error ?? copyFailed().message);
  }
  await deps.ready?.();
  const file = await cloud
    .keepResult(settled.result.fileId, {
      owner: data.owner,
      makePublic: data.makePublic,
      ...(data.customKey === undefined ? {} : { customKey: data.customKey }),
      ...(data.retentionHours === undefined ? {} : { retentionHours: data.retentionHours }),
    })
    .catch(async (error: unknown) => {
      // Not kept in cloud storage: the downloaded file waits for its owner like any other.
      await records.leaveForOwner(data.taskId).catch(() => undefined);
      throw error;
    });
  const link = cloud.link(file.meta, data.origin);
  await tasks.annotate(data.taskId, { cloudFileKey: link.fileKey, cloudUrl: link.downloadUrl });
  return link;
}

/** The wait, or the run's abort (a cancelled copy, a worker shutting down), whichever comes first. */
function untilAborted<T>(wait: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason as Error);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason as Error);
    signal.addEventListener('abort', onAbort, { once: true });
    wait.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}
