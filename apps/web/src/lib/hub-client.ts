// The real-time hub client (socket.io at /hubs/downloads): five states, socket.io's own reconnection
// on the schedule of hub-reconnection.ts; the task, batch and conversion groups it joined are
// joined again after every reconnect, and listeners learn of each reconnect to re-read the jobs
// from the API (the source of truth after a gap).
import { hubEvents, type HubClientEvents, type HubServerEvents } from '@grabbit/contracts/events';
import type { Socket } from 'socket.io-client';
import { applySchedule, automatic, lastTries } from './hub-reconnection';

export type HubState = 'Disconnected' | 'Connecting' | 'Connected' | 'Reconnecting' | 'Disconnecting';

/** The hub's socket, typed by the contracts' event map (the server's socket.io uses the same). */
export type HubSocket = Socket<HubServerEvents, HubClientEvents>;
type HubEvent = keyof HubServerEvents;
type Listener = HubServerEvents[HubEvent];

export interface HubClientOptions {
  /** The hub address, e.g. https://api.example.com/hubs/downloads (resolved on first start). */
  resolveUrl: () => Promise<string>;
  /** Socket factory; tests pass their own. */
  createSocket?: (origin: string, path: string) => HubSocket | Promise<HubSocket>;
}

const connectTimeoutMs = 10_000;
/** The server acknowledges a conversion join; an upload does not wait longer than this for it. */
const joinAckWaitMs = 500;

/**
 * socket.io's client is loaded with the first connection (a download or conversion followed), not
 * with the page: it was a third of the tool pages' own JavaScript, evaluated while they started.
 */
async function defaultSocket(origin: string, path: string): Promise<HubSocket> {
  const { io } = await import('socket.io-client');
  return io(origin, {
    path,
    autoConnect: false,
    timeout: connectTimeoutMs,
    reconnection: true,
    ...automatic,
  });
}

export class HubClient {
  private socket: HubSocket | undefined;
  private currentState: HubState = 'Disconnected';
  private starting: Promise<boolean> | undefined;
  private stopped = false;
  private readonly taskGroups = new Set<string>();
  private readonly batchGroups = new Set<string>();
  private readonly conversionGroups = new Set<string>();
  private readonly stateListeners = new Set<(state: HubState) => void>();
  private readonly reconnectListeners = new Set<() => void>();
  private readonly handlers = new Map<HubEvent, Set<Listener>>();
  /** Connected once already: the next connect is a reconnect. */
  private everConnected = false;
  /** socket.io's automatic reconnection gave up: its last tries run. */
  private lastTriesRun = false;

  constructor(private readonly options: HubClientOptions) {}

  get state(): HubState {
    return this.currentState;
  }

  onStateChange(listener: (state: HubState) => void): () => void {
    this.stateListeners.add(listener);
    return () => this.stateListeners.delete(listener);
  }

  /** Called after every reconnect, once the groups are joined again. */
  onReconnected(listener: () => void): () => void {
    this.reconnectListeners.add(listener);
    return () => this.reconnectListeners.delete(listener);
  }

  /** Subscribes to a hub event (kept across reconnects); returns the unsubscribe function. */
  on<E extends HubEvent>(event: E, handler: HubServerEvents[E]): () => void {
    const listener: Listener = handler;
    const set = this.handlers.get(event) ?? new Set<Listener>();
    set.add(listener);
    this.handlers.set(event, set);
    this.socket?.on(event, handler as never);
    return () => {
      set.delete(listener);
      this.socket?.off(event, handler as never);
    };
  }

  /**
   * Connects if needed; resolves true once connected, false when this attempt failed (socket.io
   * goes on trying, and the groups are joined once it connects).
   */
  start(): Promise<boolean> {
    if (this.currentState === 'Connected') return Promise.resolve(true);
    this.stopped = false;
    this.starting ??= this.attempt()
      .catch(() => false)
      .finally(() => {
        this.starting = undefined;
      });
    return this.starting;
  }

  stop(): void {
    this.stopped = true;
    this.setState('Disconnecting');
    this.socket?.disconnect();
    this.setState('Disconnected');
  }

  /** Joins a task's group (once connected, and again after every reconnect); true when joined now. */
  joinTask(taskId: string): boolean {
    return this.join(this.taskGroups, hubEvents.joinTask, taskId);
  }

  /** Joins a batch's group, as a task's; needs an id (warns and does nothing otherwise). */
  joinBatch(batchId: string): boolean {
    return this.join(this.batchGroups, hubEvents.joinBatch, batchId);
  }

  /**
   * Joins a conversion's group (the converter pages' progress; again after every reconnect). Resolves
   * once the server confirmed the join, or after a short wait, so an upload started next does not
   * outrun it; false when nothing could be joined.
   */
  joinConversion(conversionId: string): Promise<boolean> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => resolve(true), joinAckWaitMs);
      const acknowledged = () => {
        clearTimeout(timer);
        resolve(true);
      };
      if (!this.join(this.conversionGroups, hubEvents.joinConversion, conversionId, acknowledged)) {
        clearTimeout(timer);
        resolve(false);
      }
    });
  }

  leaveConversion(conversionId: string): void {
    this.conversionGroups.delete(conversionId);
  }

  leaveTask(taskId: string): void {
    this.taskGroups.delete(taskId);
  }

  leaveBatch(batchId: string): void {
    this.batchGroups.delete(batchId);
  }

  private join(
    groups: Set<string>,
    event: keyof HubClientEvents,
    id: string,
    acknowledged?: () => void,
  ): boolean {
    if (!id) {
      console.warn(`Hub: ${event} needs an id; nothing joined.`);
      return false;
    }
    // Joined once connected (and again after every reconnect).
    groups.add(id);
    if (this.currentState !== 'Connected' || !this.socket) return false;
    if (acknowledged) this.socket.emit(event, id, acknowledged);
    else this.socket.emit(event, id);
    return true;
  }

  private setState(next: HubState): void {
    if (next === this.currentState) return;
    this.currentState = next;
    for (const listener of this.stateListeners) listener(next);
  }

  private async createSocket(): Promise<HubSocket> {
    if (this.socket) return this.socket;
    const url = new URL(await this.options.resolveUrl(), globalThis.location?.href);
    const socket = await (this.options.createSocket ?? defaultSocket)(url.origin, url.pathname);
    // Another start made it meanwhile: that one is the page's connection.
    if (this.socket) return this.socket;
    for (const [event, listeners] of this.handlers)
      for (const listener of listeners) socket.on(event, listener as never);
    socket.on('connect', () => this.afterConnect());
    socket.on('connect_error', () => {
      if (!this.stopped && socket.active) this.setState(this.everConnected ? 'Reconnecting' : 'Connecting');
    });
    socket.on('disconnect', () => {
      if (this.stopped) return;
      this.setState('Reconnecting');
      // The server closed it: socket.io leaves that to the page; anything else it retries itself.
      if (!socket.active) socket.connect();
    });
    socket.io.on('reconnect_failed', () => this.afterGivingUp(socket));
    this.socket = socket;
    return socket;
  }

  /** Connects (socket.io retries on its own); resolves once connected or this attempt failed. */
  private async attempt(): Promise<boolean> {
    if (this.currentState === 'Disconnected') this.setState('Connecting');
    const socket = await this.createSocket();
    if (socket.connected) return true;
    return new Promise<boolean>((resolve) => {
      const done = (ok: boolean) => {
        socket.off('connect', onConnect);
        socket.off('connect_error', onError);
        resolve(ok);
      };
      const onConnect = () => done(true);
      const onError = () => done(false);
      socket.once('connect', onConnect);
      socket.once('connect_error', onError);
      socket.connect();
    });
  }

  /** socket.io gave up: its last tries once, then the hub counts as closed. */
  private afterGivingUp(socket: HubSocket): void {
    if (this.stopped) return;
    this.lastTriesRun = !this.lastTriesRun;
    applySchedule(socket.io, this.lastTriesRun ? lastTries : automatic);
    if (!this.lastTriesRun) return this.setState('Disconnected');
    this.setState('Connecting');
    socket.connect();
  }

  private afterConnect(): void {
    if (this.lastTriesRun && this.socket) applySchedule(this.socket.io, automatic);
    this.lastTriesRun = false;
    const isReconnect = this.everConnected;
    this.everConnected = true;
    this.setState('Connected');
    for (const id of this.taskGroups) this.socket?.emit(hubEvents.joinTask, id);
    for (const id of this.batchGroups) this.socket?.emit(hubEvents.joinBatch, id);
    for (const id of this.conversionGroups) this.socket?.emit(hubEvents.joinConversion, id);
    if (isReconnect) for (const listener of this.reconnectListeners) listener();
  }
}
