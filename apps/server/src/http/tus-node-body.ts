// A tus chunk (PATCH) from the Node request straight into the store. The library's own way turns
// the request into a web stream (its request adapter), back into a Node stream, then through a
// PassThrough: three hand-overs and promises for every piece (~16,000 pieces a GB), whose garbage
// cost the server more than the disk writes did. Everything before the write stays the library's
// (lock, expiry, offset and length checks, the answer); only the body's way to the store changes,
// keeping the library's rules: at most the bytes the upload has left, a cancelled write (another
// request took the lock) ends cleanly with what was written, and a request that breaks off
// answers ABORTED without the request itself being destroyed by the store's errors.
import type { IncomingMessage } from 'node:http';
import { pipeline } from 'node:stream/promises';
import type { Server } from '@tus/server';
import { ERRORS, StreamLimiter, type CancellationContext, type DataStore, type Upload } from '@tus/utils';

type WriteToStore = (
  body: ReadableStream | null,
  upload: Upload,
  maxBytes: number,
  context: CancellationContext,
) => Promise<number>;

/** The Node request behind each stand-in body given to the library. */
const requests = new WeakMap<object, IncomingMessage>();

/**
 * What the library gets as a PATCH's body: an empty stand-in that names the Node request, which
 * the write below reads instead (a web stream over it would start reading it at once).
 */
export function nodeBody(request: IncomingMessage): ReadableStream<Uint8Array> {
  const standIn = new ReadableStream<Uint8Array>();
  requests.set(standIn, request);
  return standIn;
}

async function writeFrom(
  request: IncomingMessage,
  store: DataStore,
  upload: Upload,
  maxBytes: number,
  context: CancellationContext,
): Promise<number> {
  if (context.signal.aborted) throw ERRORS.ABORTED;
  const limiter = new StreamLimiter(maxBytes);
  let requestError: unknown;
  const onError = (error: unknown) => {
    requestError = error;
    request.unpipe(limiter);
    if (!context.signal.aborted) limiter.destroy(error as Error);
  };
  // Cancelled: the store keeps what it has and the library answers with that offset.
  const onAbort = () => {
    request.unpipe(limiter);
    if (!limiter.destroyed) limiter.end();
  };
  request.once('error', onError);
  context.signal.addEventListener('abort', onAbort, { once: true });
  try {
    // A pipe, not a pipeline, from the request: the store's errors must not destroy it (the
    // client then gets its error answer, not a cut connection).
    request.pipe(limiter);
    // Through pipeline so a refused size answers as the limiter's error, not as the store's.
    return await pipeline(limiter, () => store.write(limiter, upload.id, upload.offset));
  } catch (error) {
    request.unpipe(limiter);
    const aborted =
      (requestError !== undefined && error === requestError) || (error as Error).name === 'AbortError';
    throw aborted ? ERRORS.ABORTED : error;
  } finally {
    request.off('error', onError);
    context.signal.removeEventListener('abort', onAbort);
  }
}

/** Makes the server's PATCH handler read stand-in bodies (nodeBody) from their Node request. */
export function writeChunksFromNode(server: Server): void {
  // The write is a protected method of the library's handler: replaced on this one instance.
  const handler = server.handlers.PATCH as unknown as { store: DataStore; writeToStore: WriteToStore };
  const libraryWrite = handler.writeToStore.bind(handler);
  handler.writeToStore = (body, upload, maxBytes, context) => {
    const request = body && requests.get(body);
    return request
      ? writeFrom(request, handler.store, upload, maxBytes, context)
      : libraryWrite(body, upload, maxBytes, context);
  };
}
