// Cuts uploads that stall or trickle: in every window the socket must have delivered a minimum of
// bytes, or the request is destroyed. A client sending one byte every few seconds would otherwise
// hold its connection, its job slot and a half-written file for as long as it likes.
import type { Socket } from 'node:net';
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
