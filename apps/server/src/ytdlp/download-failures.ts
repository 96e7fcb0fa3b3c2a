// The two ways a download run ends early that the engines themselves notice (its time ran out, or
// it was cancelled): one wording each, shared by the yt-dlp run (download.ts), the download's
// finishing step (download/finalize.ts) and the downloader's job, so the visitor reads the same
// text whichever step stopped. It lives with the lowest of them, the yt-dlp run.
import { AppError } from '../core/app-error';

export const runFailures = {
  timedOut: () => new AppError('DOWNLOAD_TIMEOUT', 'The download took too long and was stopped.'),
  cancelled: () => new AppError('REQUEST_CANCELLED', 'The download was cancelled.'),
};
