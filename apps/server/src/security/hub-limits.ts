// Limits of the real-time hub: new connections count against the client's hub budget (per minute),
// one connection may join only so many groups, and a message larger than a few KB is refused by
// socket.io itself (maxHttpBufferSize, set where the hub is created).
import { hubEvents } from '@grabbit/contracts';
import type { FastifyRequest } from 'fastify';
import type { Server } from 'socket.io';
import type { ClientIdentity } from './client-identity';
import { clientAddress } from './client-identity';
import type { Limiter } from './rate-limits';

export { hubMaxMessageBytes } from '../realtime/hub';

/** Groups one connection may join (a page follows at most a playlist's tasks). */
export const hubMaxJoinsPerConnection = 200;

const joinEvents = new Set<string>([hubEvents.joinTask, hubEvents.joinBatch, hubEvents.joinConversion]);

export function applyHubLimits(io: Server, identity: ClientIdentity, limiter: Limiter): void {
  io.use((socket, next) => {
    const clientId = identity.keyOf(clientAddress(socket.request, identity.trust));
    // The limiter reads only the client key and the route's (absent) options.
    const asRequest = { clientId, apiKey: null, routeOptions: {} } as unknown as FastifyRequest;
    limiter(asRequest).then(
      (result) => {
        if (result.isAllowed || !result.isExceeded) return next();
        const error = new Error(`Too many connections. Please wait ${result.ttlInSeconds} seconds.`);
        Object.assign(error, { data: { code: 'RATE_LIMITED', retryAfter: result.ttlInSeconds } });
        next(error);
      },
      (error: unknown) => next(error instanceof Error ? error : new Error('hub limit failed')),
    );
  });
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
