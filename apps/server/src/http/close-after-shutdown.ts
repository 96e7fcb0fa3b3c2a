// Lets the server stop while whole files stream out. With a Content-Length the client holds every
// byte before the file stream's end reaches the response, so a close() in that gap finds the
// connection still busy: Node closes idle keep-alive connections only once, when close() starts,
// and the connection would then sit idle until its keep-alive timeout (72 s) held up the shutdown.
// Each answer that finishes after close() began therefore closes the connections left idle.
// A connection whose answer went out early (413, 400, 415) while its upload is still arriving is
// never idle: the rest of the body is being read and thrown away (discard-request-body.ts), and a
// client that stops sending would hold close() until the 30-minute request timeout. Its answer is
// already given, so shutdown drops such connections rather than waiting; answers still being
// written (downloads in flight) are left to finish.
import { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';

export function closeIdleConnectionsAfterShutdown(app: FastifyInstance): void {
  let closing = false;
  const draining = new Set<Socket>();
  app.addHook('preClose', async () => {
    closing = true;
    for (const socket of draining) socket.destroy();
    draining.clear();
  });
  app.addHook('onResponse', async (request) => {
    const raw = request.raw;
    // Injected requests (tests) have no real connection to drop.
    if (!raw.complete && raw.socket instanceof Socket && !raw.socket.destroyed) {
      if (closing) raw.socket.destroy();
      else {
        const socket = raw.socket;
        draining.add(socket);
        const settle = () => draining.delete(socket);
        raw.once('end', settle);
        socket.once('close', settle);
      }
    }
    // Node detaches the socket from the answer in its own finish listener, which runs first.
    if (closing) app.server.closeIdleConnections();
  });
}
