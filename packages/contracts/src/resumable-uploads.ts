// Resumable uploads (tus 1.0 at apiRoutes.uploads) as server and pages share them. Zod-free, so the
// pages import it (@grabbit/contracts/resumable-uploads) at no cost.

/**
 * The largest body one request of an upload may carry. Proxies in front of a site often cap a
 * request at 100 MB (Cloudflare's free plan does), so a chunk stays well under that; a larger
 * request is refused (413 CHUNK_TOO_LARGE) before a byte of it is stored.
 */
export const maxChunkBytes = 50 * 1024 ** 2;

/** The pages send files from this size on as resumable uploads (smaller ones in one request). */
export const resumableFromBytes = 4 * 1024 ** 2;

/** The form field that names a finished upload instead of sending the file (`InputFile`). */
export const uploadIdField = 'UploadId';

/** tus `Upload-Metadata` keys the pages send: the file's name and type, for the answer's name. */
export const uploadMetadataKeys = { fileName: 'filename', fileType: 'filetype' } as const;

/** What an upload id looks like (the server's ids are 32 hex digits). */
export const uploadIdPattern = /^[A-Za-z0-9_-]{16,64}$/;

/** tus headers a page on another origin sends (CORS allow-list). */
export const tusRequestHeaders = [
  'tus-resumable',
  'upload-length',
  'upload-offset',
  'upload-metadata',
  'upload-defer-length',
  'x-http-method-override',
] as const;

/** tus headers a page on another origin reads (CORS expose-list). */
export const tusAnswerHeaders = [
  'location',
  'tus-resumable',
  'tus-version',
  'tus-extension',
  'tus-max-size',
  'upload-offset',
  'upload-length',
  'upload-expires',
] as const;
