// The codes route handlers answer with, grouped by the work behind them, for each route's `errors`
// (the API document's error answers; their statuses come from the contracts' code table).
import type { ErrorCode } from '@grabbit/contracts';

/** Reading a link on a site: refused links, what the site answered, a busy or slow engine. */
export const linkReadErrors: readonly ErrorCode[] = [
  'UNSUPPORTED_PLATFORM',
  'UNSUPPORTED_URL',
  'URL_NOT_ALLOWED',
  'MEDIA_NOT_FOUND',
  'POST_EMPTY',
  'DOWNLOAD_FAILED',
  'DOWNLOAD_TIMEOUT',
  'ENGINE_FAILED',
  'BUSY',
  'SITE_UNAVAILABLE',
];

/** A download, answered when it fails (directDownload, a post's items, a cloud copy). */
export const downloadErrors: readonly ErrorCode[] = [
  ...linkReadErrors,
  'MEDIA_TOO_LARGE',
  'MEDIA_TOO_LONG',
  'FORMAT_NOT_AVAILABLE',
  'TARGET_SIZE_TOO_SMALL',
  'SUBTITLES_NOT_FOUND',
  // Cancelled by its owner (DELETE /api/jobs/{id}) while the answer waited for it.
  'JOB_CANCELLED',
];

/** A conversion of an upload (sent in the request or named by UploadId). */
export const conversionErrors: readonly ErrorCode[] = [
  'FILE_MISSING',
  'FILE_TOO_LARGE',
  'MALFORMED_UPLOAD',
  'UNSUPPORTED_CONTENT_TYPE',
  'UPLOAD_STALLED',
  'UPLOAD_INCOMPLETE',
  'UNSUPPORTED_FORMAT',
  'UNSUPPORTED_CONVERSION',
  'IMAGE_TOO_LARGE',
  'TARGET_SIZE_TOO_SMALL',
  'CONVERSION_FAILED',
  'CONVERSION_TIMEOUT',
  'OUTPUT_TOO_LARGE',
  'BUSY',
  'UPLOAD_NOT_FOUND',
  'UPLOAD_EXPIRED',
  'UPLOAD_UNFINISHED',
  'JOB_CANCELLED',
];
