// Resumable uploads (tus), a feature of their own: the store the edge serves (a local folder, or
// the bucket's `uploads/tus/` prefix in scaled mode), the rules of who may use an upload and for
// how long, and the hand-over of a finished upload to a conversion (it then stops being an upload).
// Each upload records the client that created it; to anyone else it does not exist.
import type { DataStore, Upload } from '@tus/utils';
import { uploadIdPattern } from '@grabbit/contracts';
import { AppError } from '../core/app-error';
import type { LedgerEntry, UploadLedger } from './upload-ledger';

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
  /** Which uploads each client holds open, and who writes into one (shared by every API process). */
  readonly ledger: UploadLedger;
  /** The store's id of an upload's public id (the last part of its URL). */
  storeId(id: string): string;
  /** Where a finished upload's bytes are. */
  sourceOf(id: string): UploadSource;
  /** Removes an upload (what is left of it after a conversion took its bytes); it stops counting. */
  forget(id: string): Promise<void>;
  /** The public ids of every upload the store holds (leftovers included). */
  ids(): Promise<string[]>;
  /** Removes every upload past its time, finished or not; returns how many (see sweepUploads). */
  sweep(now?: number, restore?: boolean): Promise<number>;
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
  if (upload.size === undefined || !isFinished(upload))
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

/** The ledger's entry of an upload read from the store. */
export function ledgerEntry(id: string, upload: Upload, ttlMs: number): LedgerEntry {
  return {
    id,
    owner: upload.metadata?.[ownerKey] ?? '',
    bytes: upload.size ?? 0,
    expiresAt: expiresAt(upload, ttlMs).getTime(),
  };
}

/**
 * Removes every upload past its time, finished or not, and leftovers without an info; how many.
 * With `restore`, the ledger counts again every upload it keeps (a process starting).
 */
export async function sweepUploads(
  uploads: ResumableUploads,
  now = Date.now(),
  restore = false,
): Promise<number> {
  let removed = 0;
  for (const id of await uploads.ids()) {
    const upload = await readUpload(uploads, id).catch(() => undefined);
    if (upload && !isExpired(upload, uploads.ttlMs, now)) {
      if (restore && !isFinished(upload))
        await uploads.ledger.restore(ledgerEntry(id, upload, uploads.ttlMs));
      continue;
    }
    await uploads.forget(id);
    removed += 1;
  }
  return removed;
}

/** Whether every declared byte has arrived. */
export function isFinished(upload: Upload): boolean {
  return upload.size !== undefined && upload.offset >= upload.size;
}
