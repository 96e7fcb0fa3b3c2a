// POST {apiBase}/convert/{image|audio-general|video}: a multipart upload through XMLHttpRequest,
// because fetch cannot report upload progress. The answer is the converted file.
import { authTokenStorageKey, network } from '@grabbit/catalog';
import { conversionPath } from '../lib/conversion-endpoint';
import { failureMessage, parseErrorBody } from '../lib/failure-message';

export interface ConversionUpload {
  apiBase: string;
  file: File;
  outputFormat: string;
  progressId: string;
  /** Upload percentage, 0-100. */
  onUploadProgress?: (percent: number) => void;
  signal?: AbortSignal;
}

/** A failed conversion, carrying the message the page shows (spec section 8). */
export class ConversionError extends Error {
  constructor(
    message: string,
    readonly status?: number,
    readonly code?: string,
  ) {
    super(message);
    this.name = 'ConversionError';
  }
}

function conversionForm({ file, outputFormat, progressId }: ConversionUpload): FormData {
  const form = new FormData();
  // The server reads the fields before the file streams in, so InputFile goes last.
  form.append('OutputFormat', outputFormat.toLowerCase());
  form.append('Quality', 'high');
  form.append('ProgressId', progressId);
  form.append('InputFile', file, file.name);
  return form;
}

function storedAuthToken(): string | null {
  try {
    return window.localStorage.getItem(authTokenStorageKey);
  } catch {
    // Storage can be blocked (private modes, sandboxed frames): no token then.
    return null;
  }
}

async function errorFromAnswer(xhr: XMLHttpRequest): Promise<ConversionError> {
  const blob = xhr.response instanceof Blob ? xhr.response : undefined;
  const body = blob ? parseErrorBody(await blob.text()) : undefined;
  const code = (body as { code?: unknown } | undefined)?.code;
  const transport = `Request failed with status code ${xhr.status}`;
  return new ConversionError(
    failureMessage(body, transport),
    xhr.status,
    typeof code === 'string' ? code : undefined,
  );
}

export function uploadConversion(upload: ConversionUpload): Promise<Blob> {
  return new Promise<Blob>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${upload.apiBase}${conversionPath(upload.file)}`);
    xhr.responseType = 'blob';
    xhr.timeout = network.httpTimeoutMs;
    const token = storedAuthToken();
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);

    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0)
        upload.onUploadProgress?.((event.loaded / event.total) * 100);
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300 && xhr.response instanceof Blob) {
        resolve(xhr.response);
      } else {
        errorFromAnswer(xhr).then(reject, () =>
          reject(new ConversionError(failureMessage(undefined), xhr.status)),
        );
      }
    };
    xhr.onerror = () =>
      reject(
        new ConversionError(failureMessage(undefined, 'Network Error: the server could not be reached.')),
      );
    xhr.ontimeout = () =>
      reject(
        new ConversionError(failureMessage(undefined, `timeout of ${network.httpTimeoutMs}ms exceeded`)),
      );
    xhr.onabort = () =>
      reject(new ConversionError(failureMessage(undefined, 'The conversion was cancelled.')));

    if (upload.signal?.aborted) return reject(new ConversionError('The conversion was cancelled.'));
    upload.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(conversionForm(upload));
  });
}
