// The two ways a download run ends early that the engines themselves notice (its time ran out, or
// it was cancelled): one wording each, shared by the yt-dlp run, the finishing step and the
// downloader's job, so the visitor reads the same text whichever step stopped.
import { AppError } from '../core/app-error';

export const runFailures = {
  timedOut: () => new AppError('DOWNLOAD_TIMEOUT', 'The download took too long and was stopped.'),
  cancelled: () => new AppError('REQUEST_CANCELLED', 'The download was cancelled.'),
};
