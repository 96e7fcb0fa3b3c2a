// Answers a result download from the bucket: a redirect to a short-lived signed link (the bucket
// serves the bytes, the name comes with the link), or the object streamed through this node with
// range support where redirects are off. Undefined when the result is missing or expired.
import { create as contentDisposition } from 'content-disposition';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { RangeNotSatisfiableError, type S3ResultStore } from './s3-result-store';

/** Long enough to start a large download; the bucket keeps serving a started transfer after it. */
const signedLinkSeconds = 5 * 60;

export async function replyFromBucket(
  request: FastifyRequest,
  reply: FastifyReply,
  store: S3ResultStore,
  fileId: string,
  options: { redirect: boolean },
): Promise<FastifyReply | undefined> {
  if (options.redirect) {
    const stored = await store.head(fileId);
    if (!stored) return undefined;
    const link = await store.signedUrl(stored, signedLinkSeconds);
    return reply.header('cache-control', 'private, no-store').redirect(link, 302);
  }
  const range = request.headers.range;
  let opened;
  try {
    opened = await store.open(fileId, typeof range === 'string' ? range : undefined);
  } catch (error) {
    if (!(error instanceof RangeNotSatisfiableError)) throw error;
    return reply.code(416).header('content-range', `bytes */${error.size}`).send();
  }
  if (!opened) return undefined;
  if (opened.contentRange) reply.code(206).header('content-range', opened.contentRange);
  return reply
    .header('accept-ranges', 'bytes')
    .header('content-length', opened.length)
    .header('content-type', opened.contentType)
    .header('content-disposition', contentDisposition(opened.fileName))
    .header('cache-control', 'private, no-store')
    .header('x-content-type-options', 'nosniff')
    .send(opened.body);
}
