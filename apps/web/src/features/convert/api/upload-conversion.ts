// POST /api/convert/{image|audio-general|video}: a multipart upload through XMLHttpRequest,
// because fetch cannot report upload progress. The answer is the conversion's job (202) as soon as
// it is queued: the page asks for that with `Prefer: respond-async, wait=0`, so it knows the job's
// id from the start (kept across a reload) and a long conversion never runs into its HTTP timeout.
import { network } from '@grabbit/catalog';
import { apiUrlAt } from '@grabbit/contracts/api-paths';
import { respondAsyncAtOnce, type ConversionJob } from '@grabbit/contracts/convert-jobs';
import { uploadIdField } from '@grabbit/contracts/resumable-uploads';
import type { ErrorCode } from '@grabbit/contracts';
import { dropRefusedToken, storedAuthToken } from '../../../lib/auth-token';
import { hintsOf } from '../../../lib/pacing';
import { conversionPath, inBatch } from '../lib/conversion-endpoint';
import { failureMessage, parseErrorBody } from '../lib/failure-message';
import { ConversionError } from './conversion-error';
import { resumableSettings } from './resumable-settings';

export { ConversionError };

/** A finished resumable upload of the item, kept across retries so the file goes up once. */
export interface ResumableState {
  uploadId?: string;
}

export interface ConversionUpload {
  apiBase: string;
  file: File;
  outputFormat: string;
  progressId: string;
  /** The Options panel's fields (lib/conversion-options.ts). */
  fields: Record<string, string>;
  /** Upload percentage, 0-100. */
  onUploadProgress?: (percent: number) => void;
  signal?: AbortSignal;
  /** The item's resumable upload (files from the server's threshold on go up with tus first). */
  resumable?: ResumableState;
  /** The press of Convert the item belongs to: the server counts one job start per batch. */
  batchId?: string;
}

/** The form: the file itself, or the id of its finished resumable upload. */
function conversionForm(
  { file, outputFormat, progressId, fields }: ConversionUpload,
  uploadId: string | undefined,
): FormData {
  const form = new FormData();
  // Fields first: the server checks them before the file streams in (the fast path).
  form.append('OutputFormat', outputFormat.toLowerCase());
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append('ProgressId', progressId);
  if (uploadId) form.append(uploadIdField, uploadId);
  else form.append('InputFile', file, file.name);
  return form;
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
    hintsOf((name) => xhr.getResponseHeader(name)),
  );
}

/** The job of a 202 answer. */
async function jobFromAnswer(xhr: XMLHttpRequest): Promise<ConversionJob> {
  const blob = xhr.response instanceof Blob ? xhr.response : undefined;
  const job = blob ? (JSON.parse(await blob.text()) as ConversionJob) : undefined;
  if (!job?.statusUrl) throw new ConversionError(failureMessage(undefined), xhr.status);
  return job;
}

/** A pacing refusal worth waiting for, when the error is one (see lib/pacing). */
export function conversionRefusal(error: unknown) {
  return error instanceof ConversionError && error.status !== undefined
    ? { status: error.status, code: error.code, hints: error.hints }
    : undefined;
}

/** Uploads once; a stored token the server refuses is dropped and the upload made again without it. */
export async function uploadConversion(upload: ConversionUpload): Promise<ConversionJob> {
  const token = storedAuthToken();
  try {
    return await uploadOnce(upload, token);
  } catch (error) {
    if (error instanceof ConversionError && dropRefusedToken(token, error.status ?? 0, error.code))
      return uploadOnce(upload, undefined);
    throw error;
  }
}

/** Codes that say the item's resumable upload is gone (taken by an attempt that failed later). */
const uploadGone: readonly (ErrorCode | undefined)[] = ['UPLOAD_NOT_FOUND', 'UPLOAD_EXPIRED'];

/** Files from the server's threshold on: the resumable upload first (once), then the conversion by id. */
async function uploadOnce(upload: ConversionUpload, token: string | undefined): Promise<ConversionJob> {
  const settings = await resumableSettings();
  const state = upload.resumable;
  if (!state || upload.file.size < settings.fromBytes) return postConversion(upload, token, undefined);
  const kept = state.uploadId !== undefined;
  // The tus client comes with the first large file, not with the page.
  const { resumableUpload } = await import('./resumable-upload');
  state.uploadId ??= await resumableUpload({
    apiBase: upload.apiBase,
    file: upload.file,
    batchId: upload.batchId,
    chunkBytes: settings.chunkBytes,
    token,
    onProgress: (percent) => upload.onUploadProgress?.(percent),
    ...(upload.signal ? { signal: upload.signal } : {}),
  });
  try {
    return await postConversion(upload, token, state.uploadId);
  } catch (error) {
    // Kept for a retry (a refusal for pacing), unless it is gone: taken by an earlier attempt that
    // failed later (uploaded once more), or expired.
    if (!(error instanceof ConversionError && uploadGone.includes(error.code as ErrorCode))) throw error;
    state.uploadId = undefined;
    if (kept) return uploadOnce(upload, token);
    throw error;
  }
}

function postConversion(
  upload: ConversionUpload,
  token: string | undefined,
  uploadId: string | undefined,
): Promise<ConversionJob> {
  return new Promise<ConversionJob>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', inBatch(apiUrlAt(upload.apiBase, conversionPath(upload.file)), upload.batchId));
    xhr.responseType = 'blob';
    xhr.timeout = network.httpTimeoutMs;
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.setRequestHeader(respondAsyncAtOnce.name, respondAsyncAtOnce.value);

    xhr.upload.onprogress = (event) => {
      // A resumable upload's progress was its own; the form with its id is nothing to show.
      if (event.lengthComputable && event.total > 0 && !uploadId)
        upload.onUploadProgress?.((event.loaded / event.total) * 100);
    };
    xhr.onload = () => {
      if (xhr.status === 202) {
        jobFromAnswer(xhr).then(resolve, reject);
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
    xhr.send(conversionForm(upload, uploadId));
  });
}
