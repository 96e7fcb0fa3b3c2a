// Sends a stored result: Content-Disposition named after the title (non-ASCII kept), one byte range
// when asked (players and download managers seek), whatever store keeps the file.
import { apiErrorBody } from '@grabbit/contracts';
import { create as contentDisposition } from 'content-disposition';
import type { FastifyReply, FastifyRequest } from 'fastify';
import parseRange from 'range-parser';
import type { LiveDownload } from '../download/live-downloads';
import type { ByteRange, StoredResult } from '../storage/result-store';

/** The one range asked for, 'unsatisfiable', or undefined for the whole file. */
function requestedRange(header: string | undefined, size: number): ByteRange | 'unsatisfiable' | undefined {
  if (!header) return undefined;
  const ranges = parseRange(size, header, { combine: true });
  if (ranges === -1) return 'unsatisfiable';
  // Malformed headers and several ranges get the whole file, as the HTTP rules allow.
  if (ranges === -2 || ranges.type !== 'bytes' || ranges.length !== 1) return undefined;
  return ranges[0];
}

/**
 * Whether a range may be sent under this If-Range: when there is none, when it is the file's own
 * entity tag compared strongly (a weak tag never matches: it does not promise the same bytes), or
 * its exact Last-Modified date. Otherwise the file changed (or may have): the whole file is sent.
 */
function rangeStillValid(ifRange: string | undefined, etag: string, lastModified: string): boolean {
  if (ifRange === undefined) return true;
  const validator = ifRange.trim();
  if (validator.startsWith('W/')) return false;
  if (validator.startsWith('"')) return validator === etag;
  return validator === lastModified;
}

/** The headers of a file answer: its type, its name for the visitor, never cached or sniffed. */
function fileHeaders(reply: FastifyReply, contentType: string, fileName: string): FastifyReply {
  return reply
    .header('content-type', contentType)
    .header('content-disposition', contentDisposition(fileName))
    .header('cache-control', 'private, no-store')
    .header('x-content-type-options', 'nosniff');
}

/**
 * A direct download sent while yt-dlp still writes it, at the size the site announced: should the
 * file not end whole, the answer stops short of that length, so the client knows it failed.
 */
export function sendLiveDownload(reply: FastifyReply, live: LiveDownload): FastifyReply {
  return fileHeaders(reply.code(200), live.contentType, live.fileName)
    .header('content-length', live.size)
    .send(live.file.stream(() => reply.raw.writableLength));
}

/**
 * Sends a stored result fetched by its link; sent whole (a GET of the whole file that ends, or the
 * bucket's link to it handed out, since the bucket sends the bytes where this server cannot see
 * them), it is collected: it no longer counts against its owner's waiting results
 * (jobs/waiting-results.ts). A range, a HEAD or a cut answer collects nothing.
 */
export function sendFetchedResult(
  request: FastifyRequest,
  reply: FastifyReply,
  file: StoredResult,
  /** The feature's service, which stops counting the file as waiting for its owner. */
  results: { collectResult(fileId: string): Promise<void> },
): Promise<FastifyReply> {
  const collect = () => void results.collectResult(file.meta.fileId).catch(() => undefined);
  const whole = request.method === 'GET' && request.headers.range === undefined;
  return sendStoredResult(request, reply, file, whole ? collect : undefined);
}

export async function sendStoredResult(
  request: FastifyRequest,
  reply: FastifyReply,
  file: StoredResult,
  /** Called once the whole file went out (see sendFetchedResult). */
  onSentWhole?: () => void,
): Promise<FastifyReply> {
  // A store that hands out signed links (the bucket) serves the bytes itself, named for the visitor.
  if (file.signedUrl) {
    const link = await file.signedUrl();
    onSentWhole?.();
    return reply.header('cache-control', 'private, no-store').redirect(link, 302);
  }
  const { meta, size } = file;
  // Results never change once stored: size and creation time name their bytes (a strong tag).
  const etag = `"${size.toString(16)}-${meta.createdAt.toString(16)}"`;
  const lastModified = new Date(meta.createdAt).toUTCString();
  reply.header('accept-ranges', 'bytes').header('etag', etag).header('last-modified', lastModified);
  const ifRange = request.headers['if-range'];
  const range = rangeStillValid(typeof ifRange === 'string' ? ifRange : undefined, etag, lastModified)
    ? requestedRange(request.headers.range, size)
    : undefined;
  if (range === 'unsatisfiable')
    return reply
      .code(416)
      .header('content-range', `bytes */${size}`)
      .send(
        apiErrorBody('RANGE_NOT_SATISFIABLE', `The range asked for starts past the file's ${size} bytes.`),
      );
  fileHeaders(reply, meta.contentType, meta.fileName);
  // Browsers show download progress only when they know the whole size.
  if (!range) {
    if (onSentWhole) reply.raw.once('finish', onSentWhole);
    return reply.code(200).header('content-length', size).send(file.createReadStream());
  }
  return reply
    .code(206)
    .header('content-range', `bytes ${range.start}-${range.end}/${size}`)
    .header('content-length', range.end - range.start + 1)
    .send(file.createReadStream(range));
}
