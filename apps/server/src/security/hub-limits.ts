// Limits of the real-time hub: new sessions count against the client's hub budget (per minute),
// one connection may join only so many groups, and a message larger than a few KB is refused by
// socket.io itself (maxHttpBufferSize, set where the hub is created).
import { hubEvents } from '@grabbit/contracts';
import type { IncomingMessage } from 'node:http';
import type { FastifyRequest } from 'fastify';
import type { Server } from 'socket.io';
import type { ClientIdentity } from './client-identity';
import { clientAddress } from './client-identity';
import type { Limiter } from './rate-limits';

export { hubMaxMessageBytes } from '../realtime/hub';

/** Groups one connection may join (a page follows at most a playlist's tasks). */
export const hubMaxJoinsPerConnection = 200;

const joinEvents = new Set<string>([hubEvents.joinTask, hubEvents.joinBatch, hubEvents.joinConversion]);

type AllowRequest = (
  request: IncomingMessage,
  callback: (error: string | null | undefined, ok: boolean) => void,
) => void;

export function applyHubLimits(io: Server, identity: ClientIdentity, limiter: Limiter): void {
  // Counted at engine.io's handshake, which every new session passes (a polling one included, not
  // only a client that goes on to connect): each session holds memory until it times out.
  const engine = io.engine as unknown as { opts: { allowRequest?: AllowRequest } };
  const inner = engine.opts.allowRequest;
  engine.opts.allowRequest = (request, callback) => {
    const clientId = identity.keyOf(clientAddress(request, identity.trust));
    // The limiter reads only the client key and the route's (absent) options.
    const asRequest = { clientId, apiKey: null, routeOptions: {} } as unknown as FastifyRequest;
    limiter(asRequest).then(
      (result) => {
        if (!result.isAllowed && result.isExceeded)
          return callback(`Too many connections. Please wait ${result.ttlInSeconds} seconds.`, false);
        if (inner) return inner(request, callback);
        return callback(null, true);
      },
      () => callback('hub limit failed', false),
    );
  };
  io.on('connection', (socket) => {
    let joins = 0;
    socket.use(([event], next) => {
      if (typeof event === 'string' && joinEvents.has(event)) {
        joins += 1;
        if (joins > hubMaxJoinsPerConnection) {
          socket.disconnect(true);
          return;
        }
      }
      next();
    });
  });
}
