// After an early answer (413, 400, 415 before the whole upload arrived), the rest of the request
// body must still be read. Left unread, a keep-alive connection stalls: the client waits to send
// its remaining megabytes while the server waits for nothing. Closed at once, the kernel resets
// the connection over the unread bytes and the client may lose the answer already sent. So the
// rest is read and thrown away, up to a bound; beyond the bound the connection is half-closed once
// the answer is out, and dropped a little later.
import type { IncomingMessage, ServerResponse } from 'node:http';

/** How long a client past the bound gets to read the answer before the connection is dropped. */
const lingerMs = 5000;

export function discardRequestBody(request: IncomingMessage, response: ServerResponse, bound: number): void {
  if (request.complete || request.destroyed) return;
  // Whatever parser was fed by the body (the multipart one) lets go of it first.
  request.unpipe();
  let seen = 0;
  const onData = (chunk: Buffer) => {
    seen += chunk.length;
    if (seen <= bound) return;
    request.off('data', onData);
    request.pause();
    const socket = request.socket;
    const close = () => {
      socket.end();
      setTimeout(() => socket.destroy(), lingerMs).unref();
    };
    if (response.writableFinished) close();
    else response.once('finish', close);
  };
  request.on('data', onData);
  request.resume();
}
