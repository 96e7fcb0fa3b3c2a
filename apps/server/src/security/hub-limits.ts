// Limits of the real-time hub: new sessions count against the client's hub budget (per minute),
// one connection may join only so many groups, and a message larger than a few KB is refused by
// socket.io itself (maxHttpBufferSize, set where the hub is created). The budget is checked at
// engine.io's handshake, which every new session passes (a polling one included, not only a
// client that goes on to connect): each session holds memory until it times out. It goes in
// through the hub's own handshake gate (socket.io's allowRequest option), the joins through
// socket.io's per-socket middleware.
import { hubEvents } from '@grabbit/contracts';
import type { IncomingMessage } from 'node:http';
import type { Server } from 'socket.io';
import type { ClientIdentity } from './client-identity';
import { clientAddress } from './client-identity';
import type { RateCounter } from './rate-limits';

export { hubMaxMessageBytes } from '../realtime/hub';

/** Groups one connection may join (a page follows at most a playlist's tasks). */
export const hubMaxJoinsPerConnection = 200;

const joinEvents = new Set<string>([hubEvents.joinTask, hubEvents.joinBatch, hubEvents.joinConversion]);

/** A handshake's admission: undefined lets it in, else the refusal's message. */
export type HubAdmission = (request: IncomingMessage) => Promise<string | undefined>;

/** Spends one of the client's hub sessions per minute at each handshake. */
export function hubAdmission(
  identity: ClientIdentity,
  counter: RateCounter,
  perMinute: number,
): HubAdmission {
  return async (request) => {
    const client = identity.keyOf(clientAddress(request, identity.trust));
    const { consumedPoints, msBeforeNext } = await counter.consume(`hub:${client}`);
    if (consumedPoints <= perMinute) return undefined;
    return `Too many connections. Please wait ${Math.max(1, Math.ceil(msBeforeNext / 1000))} seconds.`;
  };
}

/** A connection that joins more groups than a page ever follows is closed. */
export function limitHubJoins(io: Server): void {
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
