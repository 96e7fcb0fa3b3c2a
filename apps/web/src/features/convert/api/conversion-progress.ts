// Conversion progress from the real-time hub (socket.io at /hubs/downloads): the page joins the
// conversion's group before uploading and receives ConversionProgress(progressId, { percent, stage }).
// Progress is a comfort, never a requirement: if the hub is unreachable the upload still runs.
import { network } from '@grabbit/catalog';
import { conversionProgressEvent, conversionProgressSchema, hubEvents, hubPath, type ConversionProgress } from '@grabbit/contracts';
import { io, type Socket } from 'socket.io-client';

export type ConversionProgressEvent = ConversionProgress;

type ProgressHandler = (event: ConversionProgressEvent) => void;

const connectWaitMs = 2000;
const joinAckWaitMs = 500;

let socket: Socket | undefined;
const handlers = new Map<string, ProgressHandler>();

/** Splits a hub URL such as http://host/hubs/downloads into the socket.io origin and path. */
export function hubAddress(hubUrl: string): { origin: string; path: string } {
  const url = new URL(hubUrl, globalThis.location?.href);
  const path = url.pathname.replace(/\/+$/, '');
  return { origin: url.origin, path: path === '' ? hubPath : path };
}

export function parseProgressEvent(payload: unknown): ConversionProgressEvent | undefined {
  const parsed = conversionProgressSchema.safeParse(payload);
  return parsed.success ? parsed.data : undefined;
}

function hubSocket(hubUrl: string): Socket {
  if (socket) return socket;
  const { origin, path } = hubAddress(hubUrl);
  const created = io(origin, {
    path,
    reconnectionDelay: network.hubBackoffStartMs,
    reconnectionDelayMax: network.hubBackoffMaxMs,
  });
  created.on(conversionProgressEvent, (progressId: unknown, payload: unknown) => {
    const event = parseProgressEvent(payload);
    if (typeof progressId === 'string' && event) handlers.get(progressId)?.(event);
  });
  // A reconnect lands in a fresh session on the server: join the running groups again.
  created.io.on('reconnect', () => {
    for (const progressId of handlers.keys()) created.emit(hubEvents.joinConversion, progressId);
  });
  socket = created;
  return created;
}

function waitUntilConnected(client: Socket): Promise<boolean> {
  if (client.connected) return Promise.resolve(true);
  return new Promise((resolve) => {
    const done = (connected: boolean) => {
      clearTimeout(timer);
      client.off('connect', onConnect);
      resolve(connected);
    };
    const onConnect = () => done(true);
    const timer = setTimeout(() => done(false), connectWaitMs);
    client.on('connect', onConnect);
  });
}

/**
 * Joins a conversion's progress group and calls `onProgress` for its events until the returned
 * function is called. Resolves once joined (or once waiting longer is not worth it).
 */
export async function followConversion(hubUrl: string, progressId: string, onProgress: ProgressHandler): Promise<() => void> {
  handlers.set(progressId, onProgress);
  const stop = () => {
    handlers.delete(progressId);
  };
  try {
    const client = hubSocket(hubUrl);
    if (await waitUntilConnected(client)) {
      // The server may acknowledge the join; do not hold the upload long if it does not.
      await client.timeout(joinAckWaitMs).emitWithAck(hubEvents.joinConversion, progressId).catch(() => undefined);
    } else {
      // Buffered by socket.io and sent when the connection comes up.
      client.emit(hubEvents.joinConversion, progressId);
    }
  } catch (error) {
    console.warn('Conversion progress is unavailable:', error);
  }
  return stop;
}
