// A finished file deleted by its owner (the client that started its job): removed at once, and it
// stops counting against the owner's waiting results (waiting-results.ts). It agrees with a fetch:
// a file its owner can still fetch (waiting, or fetched whole already) its owner can delete. One
// expired, deleted, another client's or of another kind than asked is FILE_EXPIRED (404), so
// nobody learns of another's files.
import { AppError } from '../core/app-error';
import type { ResultStore } from '../storage/result-store';
import type { JobKind } from './job-record';
import type { JobRecords } from './job-records';

const notWaiting = () =>
  new AppError('FILE_EXPIRED', 'This file is not waiting for you: it was deleted already, or has expired.');

export async function deleteOwnedResult(
  records: JobRecords,
  results: ResultStore,
  asked: { fileId: string; clientId: string; kinds: readonly JobKind[] },
): Promise<void> {
  const { fileId } = asked;
  const record = await records.recordOfResult(fileId);
  if (!record || record.owner !== asked.clientId || !asked.kinds.includes(record.kind)) throw notWaiting();
  if (!(await results.open(fileId))) throw notWaiting();
  await records.collectJob(record.id);
  await results.delete(fileId);
}
