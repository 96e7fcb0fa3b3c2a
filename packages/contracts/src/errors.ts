// Stable error codes shared by server and web. The server answers failures as
// { error, Error, code }: `error` and `Error` hold the same human message (the converter page reads
// `Error` first, spec section 8), `code` is one of these.
export const errorCodes = [
  'NOT_FOUND',
  'VALIDATION_FAILED',
  'INTERNAL_ERROR',
  'UNSUPPORTED_PLATFORM',
  'UNSUPPORTED_URL',
  'URL_NOT_ALLOWED',
  'FILE_TOO_LARGE',
  'FILE_MISSING',
  'UNSUPPORTED_FORMAT',
  'UNSUPPORTED_CONVERSION',
  'UPLOAD_INCOMPLETE',
  'IMAGE_TOO_LARGE',
  'CONVERSION_FAILED',
  'CONVERSION_TIMEOUT',
  'DOWNLOAD_FAILED',
  'DOWNLOAD_TIMEOUT',
  'MEDIA_TOO_LARGE',
  'MEDIA_TOO_LONG',
  'TASK_NOT_FOUND',
  'BATCH_NOT_FOUND',
  'FILE_EXPIRED',
  'BUSY',
  // Cloud storage (issue 12).
  'FEATURE_DISABLED',
  'CLOUD_FILE_NOT_FOUND',
  'CLOUD_LINK_INVALID',
  'CLOUD_LINK_EXPIRED',
  'FILE_PATH_REFUSED',
  'CLOUD_STORAGE_FULL',
  // Public-site safety: limits, keys and bounds.
  'RATE_LIMITED',
  'TOO_MANY_ACTIVE_JOBS',
  'INVALID_API_KEY',
  'FEATURE_NOT_ALLOWED',
  'DISK_FULL',
  'UPLOAD_STALLED',
] as const;

export type ErrorCode = (typeof errorCodes)[number];

export interface ApiErrorBody {
  success: false;
  error: string;
  Error: string;
  code: ErrorCode;
}

export function apiErrorBody(code: ErrorCode, message: string): ApiErrorBody {
  return { success: false, error: message, Error: message, code };
}
