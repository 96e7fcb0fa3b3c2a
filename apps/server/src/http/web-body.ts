// A request body as a web stream without copying it. Node's own adapter (Readable.toWeb, which the
// tus server's request wrapper uses) copies every piece to detach it from a buffer pool; a request's
// pieces are not pooled, and on a 1 GB upload those copies cost the server seconds of garbage
// collection. Paused while the reader is behind, so memory stays bounded.
import type { IncomingMessage } from 'node:http';
import { uploadBuffer } from '../convert/upload-target';

export function webBody(request: IncomingMessage): ReadableStream<Uint8Array> {
  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        request.on('data', (piece: Buffer) => {
          controller.enqueue(piece);
          if ((controller.desiredSize ?? 0) <= 0) request.pause();
        });
        request.once('end', () => controller.close());
        request.once('error', (error) => controller.error(error));
      },
      pull() {
        request.resume();
      },
      cancel() {
        request.destroy();
      },
    },
    { highWaterMark: uploadBuffer, size: (piece) => piece.byteLength },
  );
}
