// Lets the server stop while whole files stream out. With a Content-Length the client holds every
// byte before the file stream's end reaches the response, so a close() in that gap finds the
// connection still busy: Node closes idle keep-alive connections only once, when close() starts,
// and the connection would then sit idle until its keep-alive timeout (72 s) held up the shutdown.
// Each answer that finishes after close() began therefore closes the connections left idle.
import type { FastifyInstance } from 'fastify';

export function closeIdleConnectionsAfterShutdown(app: FastifyInstance): void {
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onResponse', async () => {
    // Node detaches the socket from the answer in its own finish listener, which runs first.
    if (closing) app.server.closeIdleConnections();
  });
}
