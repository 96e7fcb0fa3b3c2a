// Sends a stored result: Content-Disposition named after the title (non-ASCII kept), one byte range
// when asked (players and download managers seek), whatever store keeps the file.
import { create as contentDisposition } from 'content-disposition';
import type { FastifyReply, FastifyRequest } from 'fastify';
import parseRange from 'range-parser';
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

export async function sendStoredResult(
  request: FastifyRequest,
  reply: FastifyReply,
  file: StoredResult,
): Promise<FastifyReply> {
  // A store that hands out signed links (the bucket) serves the bytes itself, named for the visitor.
  if (file.signedUrl)
    return reply.header('cache-control', 'private, no-store').redirect(await file.signedUrl(), 302);
  const { meta, size } = file;
  const etag = `W/"${size.toString(16)}-${meta.createdAt.toString(16)}"`;
  reply
    .header('accept-ranges', 'bytes')
    .header('etag', etag)
    .header('last-modified', new Date(meta.createdAt).toUTCString());
  const range = requestedRange(request.headers.range, size);
  if (range === 'unsatisfiable') return reply.code(416).header('content-range', `bytes */${size}`).send();
  reply
    .header('content-type', meta.contentType)
    .header('content-disposition', contentDisposition(meta.fileName))
    .header('cache-control', 'private, no-store')
    .header('x-content-type-options', 'nosniff');
  // Browsers show download progress only when they know the whole size.
  if (!range) return reply.code(200).header('content-length', size).send(file.createReadStream());
  return reply
    .code(206)
    .header('content-range', `bytes ${range.start}-${range.end}/${size}`)
    .header('content-length', range.end - range.start + 1)
    .send(file.createReadStream(range));
}
