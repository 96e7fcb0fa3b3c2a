// The converter's settings around one request: the upload limit (the pages' own, under the
// operator's cap) and whether a conversion is answered directly or continues as a job.
import path from 'node:path';
import type { ConverterKind } from '@grabbit/catalog';
import { respondAsyncHeader } from '@grabbit/contracts';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import type { Config } from '../config/env';
import { DiskResultStore } from '../storage/result-store';
import { ConversionJobs, settledWithin } from './conversion-jobs';
import { largestLimitOfKind, type SizeLimit } from './formats';

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

/**
 * Results of long conversions share the downloads' result folder, so the same sweeper expires
 * both after RESULT_TTL_HOURS.
 */
export function conversionJobSetup(context: AppContext, log: FastifyBaseLogger) {
  const ttlMs = context.config.RESULT_TTL_HOURS * 3600 * 1000;
  const results = new DiskResultStore(path.resolve(context.config.DATA_DIR, 'results'), ttlMs);
  return { results, jobs: new ConversionJobs(results, ttlMs, log) };
}

/** Whether the client said it follows a job when the conversion takes long (RFC 7240). */
export function wantsJob(request: FastifyRequest): boolean {
  const prefer = request.headers[respondAsyncHeader.name.toLowerCase()];
  const text = Array.isArray(prefer) ? prefer.join(',') : (prefer ?? '');
  return text.split(',').some((token) => token.trim().toLowerCase() === respondAsyncHeader.value);
}

/**
 * The result's path when the conversion is done in time; undefined when it goes on as a job.
 * Clients that did not ask for a job wait for the file, however long it takes.
 */
export function syncOrJob(request: FastifyRequest, config: Config, work: Promise<string>) {
  if (!wantsJob(request)) return work;
  return settledWithin(work, config.CONVERT_SYNC_WAIT_SECONDS * 1000);
}
