// Large files go up as resumable uploads (tus, at /api/uploads) in chunks the server names (at most
// 50 MB, under any proxy's request cap), and are then converted by id. The upload's URL is kept in
// the browser's local storage under the file's fingerprint (name, type, size, date, endpoint without
// its batch), so choosing the same file again after a reload, or after the connection dropped, goes
// on from the last byte the server has instead of starting over. The creation names the press of
// Convert (its batch) like the conversion it feeds: one job start for both.
import { apiRoutes, apiUrlAt } from '@grabbit/contracts/api-paths';
import { uploadMetadataKeys } from '@grabbit/contracts/resumable-uploads';
import { DetailedError, Upload } from 'tus-js-client';
import { hintsOf } from '../../../lib/pacing';
import { failureMessage, parseErrorBody } from '../lib/failure-message';
import { inBatch } from '../lib/conversion-endpoint';
import { ConversionError } from './conversion-error';

/** Waits between attempts after a dropped connection; then the failure is the visitor's to see. */
const retryDelays = [0, 1000, 3000, 5000, 10_000];

interface ResumableRequest {
  apiBase: string;
  file: File;
  batchId: string | undefined;
  chunkBytes: number;
  token: string | undefined;
  onProgress: (percent: number) => void;
  signal?: AbortSignal;
}

/** A refused tus call as the page's error: the server's message and code, the pacing hints. */
function conversionErrorOf(error: unknown): ConversionError {
  const response = error instanceof DetailedError ? error.originalResponse : null;
  if (!response)
    return new ConversionError(failureMessage(undefined, 'Network Error: the upload was interrupted.'));
  const body = parseErrorBody(response.getBody() ?? '');
  const code = (body as { code?: unknown } | undefined)?.code;
  return new ConversionError(
    failureMessage(body, `Request failed with status code ${response.getStatus()}`),
    response.getStatus(),
    typeof code === 'string' ? code : undefined,
    hintsOf((name) => response.getHeader(name) ?? null),
  );
}

/** Uploads the file (or the rest of it); answers the upload's id once the server has every byte. */
export function resumableUpload(request: ResumableRequest): Promise<string> {
  const { file, signal } = request;
  return new Promise<string>((resolve, reject) => {
    if (signal?.aborted) return reject(new ConversionError('The conversion was cancelled.'));
    const endpoint = apiUrlAt(request.apiBase, apiRoutes.uploads);
    const upload = new Upload(file, {
      endpoint: inBatch(endpoint, request.batchId),
      // tus-js-client's own fingerprint, from the endpoint without the batch: a later press finds it.
      fingerprint: (chosen: File) =>
        Promise.resolve(
          ['tus-br', chosen.name, chosen.type, chosen.size, chosen.lastModified, endpoint].join('-'),
        ),
      chunkSize: request.chunkBytes,
      retryDelays,
      metadata: { [uploadMetadataKeys.fileName]: file.name, [uploadMetadataKeys.fileType]: file.type },
      headers: request.token ? { Authorization: `Bearer ${request.token}` } : {},
      // Converting by id removes the upload: its stored URL would lead nowhere.
      removeFingerprintOnSuccess: true,
      onProgress: (sent, total) => request.onProgress(total > 0 ? (sent / total) * 100 : 0),
      onSuccess: () => {
        const url = upload.url ?? '';
        resolve(url.slice(url.lastIndexOf('/') + 1));
      },
      onError: (error) => reject(conversionErrorOf(error)),
    });
    signal?.addEventListener(
      'abort',
      () => {
        // Removed from the queue: the server's copy goes too.
        void upload.abort(true).catch(() => undefined);
        reject(new ConversionError('The conversion was cancelled.'));
      },
      { once: true },
    );
    void upload.findPreviousUploads().then(
      (previous) => {
        if (previous[0]) upload.resumeFromPreviousUpload(previous[0]);
        upload.start();
      },
      () => upload.start(),
    );
  });
}
