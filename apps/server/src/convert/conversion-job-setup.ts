// The converter's settings around one upload: the upload limit (the pages' own, under the
// operator's cap) and whether a conversion is answered directly or continues as a job.
import type { ConverterKind } from '@grabbit/catalog';
import type { SizeLimit } from '../uploads/upload-size';
import { largestLimitOfKind } from './formats';

function sizeText(bytes: number): string {
  const mb = bytes / 1024 ** 2;
  return mb >= 1 ? `${Number(mb.toFixed(1))}MB` : `${Math.max(1, Math.round(bytes / 1024))}KB`;
}

/** The largest upload of a kind: the largest page limit, or the operator's cap when lower. */
export function uploadLimit(kind: ConverterKind, capBytes: number | undefined): SizeLimit {
  const pages = largestLimitOfKind(kind);
  return capBytes !== undefined && capBytes < pages.bytes
    ? { bytes: capBytes, text: sizeText(capBytes) }
    : pages;
}

/** The work's outcome if it settles within `waitMs`, else undefined (a failure throws). */
async function settledWithin<T>(work: Promise<T>, waitMs: number): Promise<T | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const waited = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), waitMs);
  });
  try {
    return await Promise.race([work, waited]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The conversion's end when it comes in time; undefined when it goes on as a job.
 * Clients that did not ask for a job wait for the file, however long it takes.
 */
export function syncOrJob<T>(followsJobs: boolean, waitMs: number, work: Promise<T>): Promise<T | undefined> {
  if (!followsJobs) return work;
  return settledWithin(work, waitMs);
}
