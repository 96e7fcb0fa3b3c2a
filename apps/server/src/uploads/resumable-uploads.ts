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
  /** How long a finished upload nobody converts lives after its last byte. */
  readonly finishedTtlMs: number;
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

/** The latest an upload is kept: its creation plus the uploads' time to live (0 without one). */
export function keptUntil(upload: Upload, ttlMs: number): number {
  const created = upload.creation_date ? Date.parse(upload.creation_date) : Number.NaN;
  return Number.isFinite(created) ? created + ttlMs : 0;
}

/**
 * When the upload expires (epoch ms): at the latest its creation's time to live, sooner when the
 * ledger says so (a finished upload nobody converts). A finished upload the ledger no longer
 * counts has had its time.
 */
export async function expiryOf(uploads: ResumableUploads, id: string, upload: Upload): Promise<number> {
  const latest = keptUntil(upload, uploads.ttlMs);
  const entry = await uploads.ledger.get(id);
  if (entry) return Math.min(latest, entry.expiresAt);
  return isFinished(upload) ? 0 : latest;
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

/** An upload of one client, with when it expires. */
export interface OwnedUpload {
  upload: Upload;
  expiresAt: Date;
}

/**
 * The upload of `clientId` with this id, or UPLOAD_NOT_FOUND (missing, or another client's: the
 * same answer, so ids of others cannot be probed) or UPLOAD_EXPIRED (unless `evenExpired`: its
 * owner may still remove it).
 */
export async function ownedUpload(
  uploads: ResumableUploads,
  id: string,
  clientId: string,
  evenExpired = false,
): Promise<OwnedUpload> {
  const upload = await readUpload(uploads, id);
  if (!upload || upload.metadata?.[ownerKey] !== clientId) throw notFound();
  const expiresAt = await expiryOf(uploads, id, upload);
  if (!evenExpired && Date.now() > expiresAt)
    throw new AppError('UPLOAD_EXPIRED', 'This upload has expired. Please upload the file again.');
  return { upload, expiresAt: new Date(expiresAt) };
}

/** The finished upload of `clientId`, ready to be converted; refused while bytes are missing. */
export async function finishedUpload(
  uploads: ResumableUploads,
  id: string,
  clientId: string,
): Promise<FinishedUpload> {
  const { upload } = await ownedUpload(uploads, id, clientId);
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

/**
 * The ledger's entry of an upload found in the store by a process starting: a finished one is
 * given the finished uploads' time from now (when it finished is not kept in the store).
 */
function restoredEntry(uploads: ResumableUploads, id: string, upload: Upload, now: number): LedgerEntry {
  const latest = keptUntil(upload, uploads.ttlMs);
  return {
    id,
    owner: upload.metadata?.[ownerKey] ?? '',
    bytes: upload.size ?? 0,
    expiresAt: isFinished(upload) ? Math.min(latest, now + uploads.finishedTtlMs) : latest,
  };
}

/**
 * Removes every upload past its time, finished or not, and leftovers without an info; how many.
 * With `restore`, the ledger first counts every upload the store holds (a process starting).
 */
export async function sweepUploads(
  uploads: ResumableUploads,
  now = Date.now(),
  restore = false,
): Promise<number> {
  let removed = 0;
  for (const id of await uploads.ids()) {
    // A store that fails to answer about an upload is asked again at the next sweep: an upload that
    // could not be read (it may be mid-chunk on a busy bucket) is never taken for a leftover.
    let upload: Upload | undefined;
    try {
      upload = await readUpload(uploads, id);
    } catch {
      continue;
    }
    if (upload && restore && upload.metadata?.[ownerKey])
      await uploads.ledger.restore(restoredEntry(uploads, id, upload, now));
    if (upload && now <= (await expiryOf(uploads, id, upload))) continue;
    await uploads.forget(id);
    removed += 1;
  }
  return removed;
}

/** Whether every declared byte has arrived. */
export function isFinished(upload: Upload): boolean {
  return upload.size !== undefined && upload.offset >= upload.size;
}
