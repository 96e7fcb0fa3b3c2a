// Cuts uploads and other request bodies that stall or trickle: in every window the socket must
// have delivered a minimum of bytes, or the request is destroyed. A client sending one byte every few seconds would otherwise
// hold its connection, its job slot and a half-written file for as long as it likes.
import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../core/app-error';

/** Bytes an upload must move per window; far below any real connection's speed. */
export const uploadMinBytesPerWindow = 16 * 1024;

export const uploadStalled = () =>
  new AppError('UPLOAD_STALLED', 'The upload stalled and was stopped. Please try again.');

export interface StallWatch {
  /** Rejects with UPLOAD_STALLED when the upload stalls. */
  stalled: Promise<never>;
  hasStalled(): boolean;
  stop(): void;
}

export function watchUploadStall(socket: Socket, windowMs: number, onStall: () => void): StallWatch {
  let last = socket.bytesRead;
  let stalled = false;
  let fail: (error: AppError) => void = () => undefined;
  const promise = new Promise<never>((_resolve, reject) => (fail = reject));
  // Only ever awaited in a race: an upload that ends normally never rejects it.
  promise.catch(() => undefined);
  const timer = setInterval(() => {
    const now = socket.bytesRead;
    if (now - last >= uploadMinBytesPerWindow) {
      last = now;
      return;
    }
    stalled = true;
    clearInterval(timer);
    onStall();
    fail(uploadStalled());
  }, windowMs);
  timer.unref();
  return { stalled: promise, hasStalled: () => stalled, stop: () => clearInterval(timer) };
}

/**
 * Every other request body (JSON and the like) is cut the same way while it arrives: a body
 * trickled a byte every few seconds would otherwise hold its connection (and a file descriptor)
 * until the request timeout. Multipart uploads are watched by their route while they stream.
 */
export function registerBodyStallCut(app: FastifyInstance, windowMs: number): void {
  app.addHook('preParsing', async (request, _reply, payload) => {
    const hasBody =
      request.headers['transfer-encoding'] !== undefined || Number(request.headers['content-length']) > 0;
    const multipart = /^multipart\//i.test(request.headers['content-type'] ?? '');
    if (!hasBody || request.raw.complete || multipart) return payload;
    const watch = watchUploadStall(request.raw.socket, windowMs, () => request.raw.destroy());
    request.raw.once('end', () => watch.stop());
    request.raw.once('close', () => watch.stop());
    return payload;
  });
}
