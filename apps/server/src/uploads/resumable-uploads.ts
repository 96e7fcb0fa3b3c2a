// Resumable uploads (tus), a feature of their own: the store the edge serves (a local folder, or
// the bucket's `uploads/tus/` prefix in scaled mode), the rules of who may use an upload and for
// how long, and the hand-over of a finished upload to a conversion (it then stops being an upload).
// Each upload records the client that created it; to anyone else it does not exist.
import type { DataStore, Upload } from '@tus/utils';
import { uploadIdPattern } from '@grabbit/contracts';
import { AppError } from '../core/app-error';

/** The upload metadata key that holds the creating client's hashed identity. */
export const ownerKey = 'grabbit-client';

/** Where a finished upload's bytes are, for the conversion's pending input to take over. */
export type UploadSource = { kind: 'file'; path: string } | { kind: 'object'; key: string };

export interface FinishedUpload {
  id: string;
  size: number;
  /** The visitor's file name (metadata `filename`), for the answer's download name. */
  fileName: string;
  source: UploadSource;
}

export interface ResumableUploads {
  /** The tus data store the edge serves (termination and expiration included). */
  readonly store: DataStore;
  /** How long an upload lives after its creation. */
  readonly ttlMs: number;
  /** The store's id of an upload's public id (the last part of its URL). */
  storeId(id: string): string;
  /** Where a finished upload's bytes are. */
  sourceOf(id: string): UploadSource;
  /** Removes an upload whose bytes a conversion took over (what is left of it). */
  forget(id: string): Promise<void>;
  /** The public ids of every upload the store holds (leftovers included). */
  ids(): Promise<string[]>;
  /** Removes every upload past its time, finished or not; returns how many. */
  sweep(now?: number): Promise<number>;
}

const notFound = () =>
  new AppError('UPLOAD_NOT_FOUND', 'This upload is not known (it may have been converted or removed).');

/** Whether the upload is past its time. */
export function isExpired(upload: Upload, ttlMs: number, now = Date.now()): boolean {
  const created = upload.creation_date ? Date.parse(upload.creation_date) : Number.NaN;
  return !Number.isFinite(created) || now > created + ttlMs;
}

/** When the upload stops being kept (its creation plus the uploads' time to live). */
export function expiresAt(upload: Upload, ttlMs: number): Date {
  return new Date(Date.parse(upload.creation_date ?? '') + ttlMs);
}

/** The metadata the client sent: without the owner we keep beside it, which is ours alone. */
export function clientMetadata(upload: Upload): Record<string, string | null> {
  const { [ownerKey]: _owner, ...sent } = upload.metadata ?? {};
  return sent;
}

/** Whether a store's error says the upload is not there (the library's FILE_NOT_FOUND and kin). */
function isMissingUpload(error: unknown): boolean {
  const status = (error as { status_code?: unknown } | undefined)?.status_code;
  return status === 404 || status === 410;
}

/** The upload by its public id; undefined when it is not there (a failing store throws). */
export async function readUpload(uploads: ResumableUploads, id: string): Promise<Upload | undefined> {
  if (!uploadIdPattern.test(id)) return undefined;
  try {
    return await uploads.store.getUpload(uploads.storeId(id));
  } catch (error) {
    if (isMissingUpload(error)) return undefined;
    throw error;
  }
}

/**
 * The upload of `clientId` with this id, or UPLOAD_NOT_FOUND (missing, or another client's: the
 * same answer, so ids of others cannot be probed) or UPLOAD_EXPIRED.
 */
export async function ownedUpload(uploads: ResumableUploads, id: string, clientId: string): Promise<Upload> {
  const upload = await readUpload(uploads, id);
  if (!upload || upload.metadata?.[ownerKey] !== clientId) throw notFound();
  if (isExpired(upload, uploads.ttlMs))
    throw new AppError('UPLOAD_EXPIRED', 'This upload has expired. Please upload the file again.');
  return upload;
}

/** The finished upload of `clientId`, ready to be converted; refused while bytes are missing. */
export async function finishedUpload(
  uploads: ResumableUploads,
  id: string,
  clientId: string,
): Promise<FinishedUpload> {
  const upload = await ownedUpload(uploads, id, clientId);
  if (upload.size === undefined || upload.offset < upload.size)
    throw new AppError(
      'UPLOAD_UNFINISHED',
      `This upload has ${upload.offset} of ${upload.size ?? 'an unknown number of'} bytes: finish it first.`,
    );
  return {
    id,
    size: upload.size,
    fileName: upload.metadata?.filename ?? 'upload',
    source: uploads.sourceOf(id),
  };
}

/** Removes every upload past its time, finished or not, and leftovers without an info; how many. */
export async function sweepUploads(uploads: ResumableUploads, now = Date.now()): Promise<number> {
  let removed = 0;
  for (const id of await uploads.ids()) {
    const upload = await readUpload(uploads, id).catch(() => undefined);
    if (upload && !isExpired(upload, uploads.ttlMs, now)) continue;
    await uploads.forget(id);
    removed += 1;
  }
  return removed;
}

/** The unfinished uploads of `clientId` still in their time: how many, and their declared bytes. */
export async function openUploadsOf(
  uploads: ResumableUploads,
  clientId: string,
  now = Date.now(),
): Promise<{ count: number; bytes: number }> {
  const open = { count: 0, bytes: 0 };
  for (const id of await uploads.ids()) {
    const upload = await readUpload(uploads, id).catch(() => undefined);
    if (!upload || upload.metadata?.[ownerKey] !== clientId || isExpired(upload, uploads.ttlMs, now))
      continue;
    if (upload.size !== undefined && upload.offset >= upload.size) continue;
    open.count += 1;
    open.bytes += upload.size ?? 0;
  }
  return open;
}
