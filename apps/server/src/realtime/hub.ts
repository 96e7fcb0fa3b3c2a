// The real-time hub: socket.io at /hubs/downloads. Clients join a task, batch or conversion group;
// every bus message goes to its group's room. Joining answers the group's current state at once,
// so a late or reconnecting client never waits for an event that already happened.
import {
  hubEvents,
  hubPath,
  type HubClientEvents,
  type HubEventName,
  type HubServerEvents,
} from '@grabbit/contracts';
import { network } from '@grabbit/catalog';
import type { Server as HttpServer, IncomingMessage } from 'node:http';
import { Server, type ServerOptions, type Socket } from 'socket.io';
import { jobChangedEvent, type EventBus, type GroupName } from './event-bus';

type HubServer = Server<HubClientEvents, HubServerEvents>;
type HubSocket = Socket<HubClientEvents, HubServerEvents>;
/** Emits a message whose arguments were typed where it was published (EventBus.publish). */
type LooseEmit = (event: HubEventName, ...args: unknown[]) => boolean;

/** One message sent to the joining client alone. */
export interface HubAnswer {
  event: HubEventName;
  args: unknown[];
}

/** The current state of a group, as the messages a joining client gets at once. */
export interface HubState {
  task(taskId: string): Promise<HubAnswer[]>;
  batch(batchId: string): Promise<HubAnswer[]>;
}

export interface DownloadHub {
  io: HubServer;
  close(): Promise<void>;
}

const isGroupId = (value: unknown): value is string =>
  typeof value === 'string' && /^[\w-]{1,128}$/.test(value);

async function answer(socket: HubSocket, answers: Promise<HubAnswer[]>): Promise<void> {
  for (const { event, args } of await answers) (socket.emit as LooseEmit)(event, ...args);
}

/**
 * Whether a handshake may open a connection: browsers send Origin, and only the hub's own origin
 * (same host) and the listed ones pass; clients that send none (not browsers) are not a page
 * another site could turn against its visitors.
 */
function originAllowed(listed: ReadonlySet<string>, origin: string | undefined, host: string | undefined) {
  if (origin === undefined || listed.has(origin)) return true;
  try {
    return new URL(origin).host === host;
  } catch {
    return false;
  }
}

/** Largest hub message in bytes: joins carry one id (the edge's hub limits refuse larger ones). */
export const hubMaxMessageBytes = 16 * 1024;

export interface HubOptions {
  /** Origins of pages elsewhere allowed to connect (CORS_ORIGINS, PUBLIC_URL); same-origin always is. */
  origins?: string[];
  /**
   * Scaled mode: socket.io's Redis adapter, so rooms and broadcasts span every API node. The bus
   * then brings every message to every node, and each node sends it to its own clients only.
   */
  adapter?: ServerOptions['adapter'];
  /** Asked at every handshake that passed the origin check: undefined admits, else the refusal. */
  admit?: (request: IncomingMessage) => Promise<string | undefined>;
}

export function attachDownloadHub(
  server: HttpServer,
  bus: EventBus,
  state: HubState,
  options: HubOptions = {},
): DownloadHub {
  const listed = new Set(options.origins ?? []);
  const io: HubServer = new Server(server, {
    ...(options.adapter ? { adapter: options.adapter } : {}),
    path: hubPath,
    // Keep-alive 15 s, server timeout 30 s (a ping every 15 s, 15 s more to answer).
    pingInterval: network.hubKeepAliveMs,
    pingTimeout: network.hubServerTimeoutMs - network.hubKeepAliveMs,
    cors: { origin: [...listed] },
    allowRequest: (request, callback) => {
      if (!originAllowed(listed, request.headers.origin, request.headers.host)) return callback(null, false);
      if (!options.admit) return callback(null, true);
      options.admit(request).then(
        (refusal) => (refusal ? callback(refusal, false) : callback(null, true)),
        () => callback('hub limit failed', false),
      );
    },
    maxHttpBufferSize: hubMaxMessageBytes,
    serveClient: false,
  });
  const clients = options.adapter ? io.local : io;
  const unsubscribe = bus.subscribe((message) => {
    if (message.event === jobChangedEvent) return;
    const room = clients.to(message.group);
    (room.emit.bind(room) as LooseEmit)(message.event, ...message.args);
  });
  io.on('connection', (socket) => {
    const join =
      (prefix: 'task' | 'batch' | 'conversion', answer?: (id: string) => Promise<void>) =>
      async (id: unknown, ack?: unknown) => {
        if (!isGroupId(id)) return;
        void socket.join(`${prefix}:${id}` satisfies GroupName);
        // The state may be out of reach for a moment (Redis away in scaled mode): the client still
        // joins and gets the events that follow; a failed answer must not bring the process down.
        await answer?.(id).catch(() => undefined);
        if (typeof ack === 'function') (ack as (ok: boolean) => void)(true);
      };
    socket.on(
      hubEvents.joinTask,
      join('task', (id) => answer(socket, state.task(id))),
    );
    socket.on(
      hubEvents.joinBatch,
      join('batch', (id) => answer(socket, state.batch(id))),
    );
    socket.on(hubEvents.joinConversion, join('conversion'));
  });
  return {
    io,
    async close() {
      unsubscribe();
      // This node's clients only: with the Redis adapter, io.disconnectSockets() reaches every node.
      io.local.disconnectSockets(true);
      // Only the engine: the HTTP server belongs to Fastify, which closes it itself.
      io.engine.close();
    },
  };
}
