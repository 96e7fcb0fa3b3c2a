// Failures that several parts of the downloader answer (routes, hub, jobs): one wording, one code
// and one status each, so the page shows the same text whichever way it asked.
import { AppError } from '../core/app-error';
import { runFailures } from '../ytdlp';

export const downloadFailures = {
  taskNotFound: () => new AppError('TASK_NOT_FOUND', 'This download was not found. It may have expired.'),
  batchNotFound: () =>
    new AppError('BATCH_NOT_FOUND', 'This playlist download was not found. It may have expired.'),
  fileExpired: () => new AppError('FILE_EXPIRED', 'Failed to download file. The file may have expired.'),
  ...runFailures,
  /** Scaled mode: the job could not finish on any worker (they stopped or it broke). */
  workerLost: () =>
    new AppError('DOWNLOAD_FAILED', 'The download stopped on our side before it finished. Please try again.'),
};
