// Stable error codes shared by server and web. The server answers failures as
// { error, Error, code }: `error` and `Error` hold the same human message (the converter page reads
// `Error` first), `code` is one of these.
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
  'MEDIA_NOT_FOUND',
  'POST_EMPTY',
  'DOWNLOAD_TIMEOUT',
  'MEDIA_TOO_LARGE',
  'MEDIA_TOO_LONG',
  'TASK_NOT_FOUND',
  'BATCH_NOT_FOUND',
  'FILE_EXPIRED',
  'BUSY',
  'FORMAT_NOT_AVAILABLE',
  'PLAYLIST_NOT_FOUND',
  'REQUEST_CANCELLED',
  'BATCH_NOT_READY',
  'UNSUPPORTED_CONTENT_TYPE',
  // Cloud storage.
  'FEATURE_DISABLED',
  'CLOUD_FILE_NOT_FOUND',
  'CLOUD_LINK_INVALID',
  'CLOUD_LINK_EXPIRED',
  'FILE_PATH_REFUSED',
  'CLOUD_STORAGE_FULL',
  'CLOUD_QUOTA_EXCEEDED',
  // Public-site safety: limits, keys and bounds.
  'RATE_LIMITED',
  'TOO_MANY_ACTIVE_JOBS',
  'RESULTS_WAITING',
  'INVALID_API_KEY',
  'FEATURE_NOT_ALLOWED',
  'DISK_FULL',
  'UPLOAD_STALLED',
  'TARGET_SIZE_TOO_SMALL',
  'MALFORMED_UPLOAD',
  // Resumable uploads (tus) and converting them by id.
  'UPLOAD_NOT_FOUND',
  'UPLOAD_EXPIRED',
  'UPLOAD_UNFINISHED',
  'CHUNK_TOO_LARGE',
  'CHUNK_LENGTH_REQUIRED',
  'UPLOADS_OPEN_LIMIT',
  'UPLOAD_OFFSET_MISMATCH',
  'UPLOAD_IN_USE',
  'UPLOAD_EMPTY',
  'TUS_VERSION_UNSUPPORTED',
  // HTTP-level refusals of a request before any route reads it.
  'METHOD_NOT_ALLOWED',
  'REQUEST_TOO_LARGE',
  'RANGE_NOT_SATISFIABLE',
  // Operator access to the download sites.
  'ENGINE_FAILED',
  'OUTPUT_TOO_LARGE',
  'SITE_UNAVAILABLE',
  'POST_ITEM_NOT_FOUND',
  'SUBTITLES_NOT_FOUND',
  // The public jobs (/api/jobs) and safe retries.
  'JOB_NOT_FOUND',
  'JOB_CANCELLED',
  'JOB_ALREADY_ENDED',
  'IDEMPOTENCY_KEY_REUSED',
  // Webhooks of API keys.
  'API_KEY_REQUIRED',
  'WEBHOOK_NOT_FOUND',
  'WEBHOOK_URL_NOT_ALLOWED',
  'WEBHOOK_LIMIT_REACHED',
  'WEBHOOK_DELIVERY_NOT_FOUND',
  'CALLBACK_URL_NOT_REGISTERED',
] as const;

export type ErrorCode = (typeof errorCodes)[number];

/**
 * The HTTP status of each code: one status per code, so a code alone says how it is answered
 * (a failed task's code too, when directDownload answers it).
 */
export const errorStatus: Record<ErrorCode, number> = {
  NOT_FOUND: 404,
  VALIDATION_FAILED: 400,
  INTERNAL_ERROR: 500,
  UNSUPPORTED_PLATFORM: 404,
  UNSUPPORTED_URL: 400,
  URL_NOT_ALLOWED: 400,
  FILE_TOO_LARGE: 413,
  FILE_MISSING: 400,
  /** An upload whose content is no format the page converts. */
  UNSUPPORTED_FORMAT: 415,
  UNSUPPORTED_CONVERSION: 400,
  UPLOAD_INCOMPLETE: 400,
  IMAGE_TOO_LARGE: 422,
  CONVERSION_FAILED: 422,
  CONVERSION_TIMEOUT: 422,
  DOWNLOAD_FAILED: 502,
  // The link's video is not there (removed, private, or a wrong link).
  MEDIA_NOT_FOUND: 404,
  // A post was read, and nothing in it can be downloaded.
  POST_EMPTY: 422,
  DOWNLOAD_TIMEOUT: 504,
  MEDIA_TOO_LARGE: 413,
  MEDIA_TOO_LONG: 422,
  TASK_NOT_FOUND: 404,
  BATCH_NOT_FOUND: 404,
  FILE_EXPIRED: 404,
  BUSY: 503,
  /** A link's media cannot become the chosen download format (e.g. no sound for an audio format). */
  FORMAT_NOT_AVAILABLE: 422,
  PLAYLIST_NOT_FOUND: 404,
  /** The visitor went away before the answer (nginx's 499): logged, never seen. */
  REQUEST_CANCELLED: 499,
  /** The playlist's zip was asked for while items still download. */
  BATCH_NOT_READY: 409,
  /** The request body is not of a type the route reads (e.g. an upload not sent as multipart). */
  UNSUPPORTED_CONTENT_TYPE: 415,
  // Cloud storage.
  /** The feature is switched off on this server: its routes are as if absent. */
  FEATURE_DISABLED: 404,
  CLOUD_FILE_NOT_FOUND: 404,
  CLOUD_LINK_INVALID: 403,
  CLOUD_LINK_EXPIRED: 403,
  FILE_PATH_REFUSED: 400,
  CLOUD_STORAGE_FULL: 507,
  /** One client kept as many files or bytes as it may per day. */
  CLOUD_QUOTA_EXCEEDED: 429,
  // Public-site safety: limits, keys and bounds.
  RATE_LIMITED: 429,
  TOO_MANY_ACTIVE_JOBS: 429,
  /** One client has as many finished files waiting to be fetched, or bytes of them, as it may. */
  RESULTS_WAITING: 429,
  INVALID_API_KEY: 401,
  FEATURE_NOT_ALLOWED: 403,
  DISK_FULL: 503,
  UPLOAD_STALLED: 408,
  /** A TargetSizeMB too small for the media's length at the lowest sensible quality: no work done. */
  TARGET_SIZE_TOO_SMALL: 400,
  /** A multipart body that cannot be read as a form (no boundary, too many parts or fields). */
  MALFORMED_UPLOAD: 400,
  /** No resumable upload of this client has that id (never made, removed, or another client's). */
  UPLOAD_NOT_FOUND: 404,
  UPLOAD_EXPIRED: 410,
  /** The resumable upload has not received all its bytes yet. */
  UPLOAD_UNFINISHED: 409,
  /** One request of a resumable upload carries more than the largest chunk. */
  CHUNK_TOO_LARGE: 413,
  CHUNK_LENGTH_REQUIRED: 411,
  /** One client has as many unfinished resumable uploads, or declared bytes, as it may. */
  UPLOADS_OPEN_LIMIT: 429,
  /** A chunk's Upload-Offset is not where the upload stands (tus: 409, nothing written). */
  UPLOAD_OFFSET_MISMATCH: 409,
  UPLOAD_IN_USE: 409,
  UPLOAD_EMPTY: 400,
  /** A tus request in a protocol version other than 1.0.0 (answered with Tus-Version). */
  TUS_VERSION_UNSUPPORTED: 412,
  // HTTP-level refusals of a request before any route reads it.
  /** The path exists, not with this method: the answer's Allow header lists the ones it has. */
  METHOD_NOT_ALLOWED: 405,
  /** A request body (JSON, a form's text) over the server's body limit. */
  REQUEST_TOO_LARGE: 413,
  /** A Range that starts past the end of the file: Content-Range says its size. */
  RANGE_NOT_SATISFIABLE: 416,
  /** The download engine crashed without saying why (a traceback): the operator's log has its last lines. */
  ENGINE_FAILED: 502,
  /** A conversion's result would pass the server's bound on output bytes or length. */
  OUTPUT_TOO_LARGE: 413,
  /** A site that needs a login has no healthy operator session left: nothing was tried. */
  SITE_UNAVAILABLE: 503,
  /** A batch item names an item number the post does not have. */
  POST_ITEM_NOT_FOUND: 404,
  /** A transcript or subtitle file was asked of a video without subtitles or captions in that language. */
  SUBTITLES_NOT_FOUND: 404,
  /** No job of this client has that id (never made, expired, or another client's). */
  JOB_NOT_FOUND: 404,
  /** The job was cancelled by its owner (DELETE /api/jobs/{id}) before it ended. */
  JOB_CANCELLED: 409,
  /** A cancel of a job that has ended already (done, failed or cancelled). */
  JOB_ALREADY_ENDED: 409,
  /** An Idempotency-Key used before by this client with another request body. */
  IDEMPOTENCY_KEY_REUSED: 422,
  /** The call is for API-key holders only (webhooks): no key was sent. */
  API_KEY_REQUIRED: 401,
  /** No webhook endpoint of this API key has that id (never made, deleted, or another key's). */
  WEBHOOK_NOT_FOUND: 404,
  /** A webhook URL that is not http(s), carries credentials, or leads to an internal address. */
  WEBHOOK_URL_NOT_ALLOWED: 400,
  /** The API key has as many webhook endpoints as it may (WEBHOOK_MAX_ENDPOINTS_PER_KEY). */
  WEBHOOK_LIMIT_REACHED: 409,
  WEBHOOK_DELIVERY_NOT_FOUND: 404,
  /** A start's `callbackUrl` is not the URL of a webhook endpoint its API key registered. */
  CALLBACK_URL_NOT_REGISTERED: 400,
};

/** The status of a code; unknown codes (a newer store's record) are server failures. */
export function statusOfCode(code: string): number {
  return (errorStatus as Record<string, number | undefined>)[code] ?? 500;
}

export interface ApiErrorBody {
  success: false;
  error: string;
  Error: string;
  code: ErrorCode;
}

export function apiErrorBody(code: ErrorCode, message: string): ApiErrorBody {
  return { success: false, error: message, Error: message, code };
}
