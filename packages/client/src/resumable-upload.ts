// A file sent as a tus 1.0 resumable upload (tus-js-client): in chunks, each retried where it
// broke, so a large file survives a dropped connection and any proxy's request size cap. The
// upload's id (its URL's last part) is what a conversion takes as `UploadId`.
import { Upload } from 'tus-js-client';

export interface UploadOptions {
  /** The file's name as the visitor knows it: the converted file is named after it. */
  name: string;
  onProgress?: (sentBytes: number, totalBytes: number) => void;
  signal?: AbortSignal;
  /** Bytes per request (default 8 MiB). */
  chunkSize?: number;
}

export function uploadResumable(
  endpoint: string,
  headers: Record<string, string>,
  file: Blob,
  { name, onProgress, signal, chunkSize = 8 * 1024 * 1024 }: UploadOptions,
): Promise<string> {
  return new Promise((resolve, reject) => {
    const upload = new Upload(file, {
      endpoint,
      headers,
      chunkSize,
      metadata: { filename: name },
      retryDelays: [0, 1000, 3000, 5000],
      removeFingerprintOnSuccess: true,
      ...(onProgress ? { onProgress } : {}),
      onError: reject,
      onSuccess: () => {
        const url = upload.url ?? '';
        resolve(url.slice(url.lastIndexOf('/') + 1));
      },
    });
    signal?.addEventListener(
      'abort',
      () => {
        void upload.abort(true);
        reject(signal.reason);
      },
      { once: true },
    );
    upload.start();
  });
}
