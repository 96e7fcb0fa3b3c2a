// A file sent as a tus 1.0 resumable upload (tus-js-client): in chunks, each retried where it
// broke, so a large file survives a dropped connection and any proxy's request size cap. The
// upload's id (its URL's last part) is what a conversion takes as `UploadId`.
import { Upload, type UploadOptions as TusOptions } from 'tus-js-client';

export interface UploadOptions {
  /** The file's name as the visitor knows it: the converted file is named after it. */
  name: string;
  onProgress?: (sentBytes: number, totalBytes: number) => void;
  signal?: AbortSignal;
  /** Bytes per request (default 8 MiB). */
  chunkSize?: number;
}

/**
 * Reads the Blob one chunk at a time, as each is sent, in any runtime: tus-js-client's own readers
 * take a Blob only in browsers, and only Buffers or streams in Node.
 */
const blobReader: NonNullable<TusOptions['fileReader']> = {
  async openFile(input: Blob) {
    return {
      size: input.size,
      slice: async (start: number, end: number) => {
        const bytes = new Uint8Array(await input.slice(start, end).arrayBuffer());
        // The library measures a chunk by its `size`, as a Blob's: bytes both stacks can send.
        return { value: Object.assign(bytes, { size: bytes.length }), done: end >= input.size };
      },
      close: () => undefined,
    };
  },
};

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
      fileReader: blobReader,
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
