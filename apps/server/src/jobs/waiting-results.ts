// Results waiting for their owner: the one rule of what counts against a client's quota of
// finished files it has not collected (RESULTS_MAX_WAITING_PER_CLIENT, ..._BYTES_PER_CLIENT).
// A result counts while its job is done, the result is still kept, and nobody has collected it:
// - a download task or a conversion followed as a job (202, or its visitor left) counts until its
//   file is fetched in full or deleted by its owner, or until it expires;
// - a file answered in the request that started it (a plain conversion, a direct download) never
//   counts, unless that request closed before the file went out: then it waits for its owner;
// - a batch's items count as one result (the zip the visitor saves), with all their bytes; the
//   zip fetched in full collects them all, an item fetched alone collects that item;
// - a cloud copy (its record's result is the object in cloud storage) never counts, nor its
//   download, which the copy collects: cloud storage has its own per-client quota
//   (CLOUD_MAX_FILES_PER_CLIENT, CLOUD_MAX_BYTES_PER_CLIENT) and the retention the visitor chose,
//   so counting it here too would count one file twice. A copy that failed leaves the download's
//   file for its owner.
import type { JobRecord, WaitingResults } from './job-record';

/** The record's result is still kept (whoever may collect it): done, and not expired. */
export function resultKept(record: JobRecord, now = Date.now()): boolean {
  return (
    record.status === 'done' && record.result !== undefined && (record.resultExpiresAt ?? Infinity) > now
  );
}

export function waitsForOwner(record: JobRecord, now = Date.now()): boolean {
  return (
    record.status === 'done' &&
    record.kind !== 'cloud' &&
    record.result !== undefined &&
    (record.pickup ?? 'owner') === 'owner' &&
    (record.resultExpiresAt ?? Infinity) > now
  );
}

/** What the records that wait for their owner add up to (a batch's parts count once). */
export function waitingTotals(records: Iterable<JobRecord>, now = Date.now()): WaitingResults {
  const results = new Set<string>();
  let bytes = 0;
  for (const record of records) {
    if (!waitsForOwner(record, now)) continue;
    results.add(record.partOf ?? record.id);
    bytes += record.resultBytes ?? 0;
  }
  return { count: results.size, bytes };
}

/** The change that collects a record's result (fetched in full, or deleted by its owner). */
export function collected<D>(record: JobRecord<D>): JobRecord<D> | undefined {
  return record.pickup === 'collected' ? undefined : { ...record, pickup: 'collected' };
}

/** The change for a result its request did not take (it closed first): it waits for its owner. */
export function leftForOwner<D>(record: JobRecord<D>): JobRecord<D> | undefined {
  return record.pickup === 'request' ? { ...record, pickup: 'owner' } : undefined;
}
