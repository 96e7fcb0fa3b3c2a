// The real-time hub: socket.io at /hubs/downloads. Clients join a task, batch or conversion group;
// every bus message goes to its group's room. Joining answers the group's current state at once,
// so a late or reconnecting client never waits for an event that already happened.
import { hubEvents, hubPath, type BatchStatus, type DownloadTask } from '@grabbit/contracts';
import { network } from '@grabbit/catalog';
import type { Server as HttpServer } from 'node:http';
import { Server, type ServerOptions, type Socket } from 'socket.io';
import { downloadFailures } from '../download/failures';
import type { EventBus, GroupName } from './event-bus';

export interface HubState {
  task(taskId: string): DownloadTask | undefined;
  batch(batchId: string): BatchStatus | undefined;
}

export interface DownloadHub {
  io: Server;
  close(): Promise<void>;
}

const isGroupId = (value: unknown): value is string =>
  typeof value === 'string' && /^[\w-]{1,128}$/.test(value);

function answerTask(socket: Socket, taskId: string, state: HubState): void {
  const task = state.task(taskId);
  if (!task) {
    const { message, code } = downloadFailures.taskNotFound();
    socket.emit(hubEvents.taskError, taskId, { message, code });
  } else if (task.status === 'completed') {
    socket.emit(hubEvents.taskCompleted, taskId, task);
  } else if (task.status === 'error') {
    socket.emit(hubEvents.taskError, taskId, {
      message: task.error ?? 'Download failed',
      code: task.errorCode ?? 'DOWNLOAD_FAILED',
    });
  } else {
    socket.emit(hubEvents.taskProgress, taskId, {
      status: task.status,
      progress: task.progress,
      stage: task.stage,
      speed: null,
      eta: null,
    });
  }
}

function answerBatch(socket: Socket, batchId: string, state: HubState): void {
  const batch = state.batch(batchId);
  if (!batch) {
    socket.emit(hubEvents.batchError, batchId, { message: downloadFailures.batchNotFound().message });
  } else if (batch.status === 'error') {
    socket.emit(hubEvents.batchError, batchId, { message: batch.message });
  } else {
    socket.emit(hubEvents.batchProgress, batchId, batch.progress);
    if (batch.status === 'completed')
      socket.emit(hubEvents.batchCompleted, batchId, {
        success: batch.failedItems === 0,
        message: batch.message,
      });
  }
}

export interface HubOptions {
  /**
   * Scaled mode: socket.io's Redis adapter, so rooms and broadcasts span every API node. The bus
   * then brings every message to every node, and each node sends it to its own clients only.
   */
  adapter?: ServerOptions['adapter'];
}

export function attachDownloadHub(
  server: HttpServer,
  bus: EventBus,
  state: HubState,
  options: HubOptions = {},
): DownloadHub {
  const io = new Server(server, {
    ...(options.adapter ? { adapter: options.adapter } : {}),
    path: hubPath,
    // Spec: keep-alive 15 s, server timeout 30 s (a ping every 15 s, 15 s more to answer).
    pingInterval: network.hubKeepAliveMs,
    pingTimeout: network.hubServerTimeoutMs - network.hubKeepAliveMs,
    cors: { origin: true },
    serveClient: false,
  });
  const clients = options.adapter ? io.local : io;
  const unsubscribe = bus.subscribe((message) => {
    clients.to(message.group).emit(message.event, ...message.args);
  });
  io.on('connection', (socket) => {
    const join =
      (prefix: 'task' | 'batch' | 'conversion', answer?: (id: string) => void) =>
      (id: unknown, ack?: unknown) => {
        if (!isGroupId(id)) return;
        void socket.join(`${prefix}:${id}` satisfies GroupName);
        answer?.(id);
        if (typeof ack === 'function') (ack as (ok: boolean) => void)(true);
      };
    socket.on(
      hubEvents.joinTask,
      join('task', (id) => answerTask(socket, id, state)),
    );
    socket.on(
      hubEvents.joinBatch,
      join('batch', (id) => answerBatch(socket, id, state)),
    );
    socket.on(hubEvents.joinConversion, join('conversion'));
  });
  return {
    io,
    async close() {
      unsubscribe();
      io.disconnectSockets(true);
      // Only the engine: the HTTP server belongs to Fastify, which closes it itself.
      io.engine.close();
    },
  };
}
