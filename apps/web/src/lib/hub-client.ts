// The real-time hub client (socket.io at /hubs/downloads): five states, its own reconnect schedule
// (hub-backoff.ts) instead of socket.io's, so "stop after 60 s, then 5 retries 2 s apart" holds; the
// task and batch groups it joined are joined again after every reconnect, and listeners can learn of
// each reconnect to re-read task state from the API (the source of truth after a gap).
import { hubEvents, type HubClientEvents, type HubServerEvents } from '@grabbit/contracts/events';
import type { Socket } from 'socket.io-client';
import { runReconnect } from './hub-backoff';

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
  return io(origin, { path, autoConnect: false, reconnection: false, timeout: connectTimeoutMs });
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
  private reconnecting = false;

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

  /** Connects if needed; resolves true once connected (false if it could not). */
  start(): Promise<boolean> {
    if (this.currentState === 'Connected') return Promise.resolve(true);
    if (this.reconnecting) return this.nextSettledState();
    this.stopped = false;
    this.starting ??= this.connectFirst().finally(() => {
      this.starting = undefined;
    });
    return this.starting;
  }

  /** While a reconnect runs: resolves true once connected, false once it gave up. */
  private nextSettledState(): Promise<boolean> {
    return new Promise((resolve) => {
      const stop = this.onStateChange((state) => {
        if (state !== 'Connected' && state !== 'Disconnected') return;
        stop();
        resolve(state === 'Connected');
      });
    });
  }

  stop(): void {
    this.stopped = true;
    this.setState('Disconnecting');
    this.socket?.disconnect();
    this.setState('Disconnected');
  }

  /** Joins a task's group (again after every reconnect). */
  joinTask(taskId: string): boolean {
    return this.join(this.taskGroups, hubEvents.joinTask, taskId);
  }

  /** Joins a batch's group; needs an id and a connected hub (warns and does nothing otherwise). */
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
    if (this.currentState !== 'Connected' || !this.socket) {
      console.warn(`Hub: cannot ${event} ${id} while ${this.currentState}.`);
      return false;
    }
    groups.add(id);
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
    socket.on('disconnect', () => this.handleDrop());
    this.socket = socket;
    return socket;
  }

  /** One connection attempt. */
  private async attempt(): Promise<boolean> {
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

  private async connectFirst(): Promise<boolean> {
    this.setState('Connecting');
    const ok = await this.attempt().catch(() => false);
    if (ok) {
      this.afterConnect(false);
      return true;
    }
    return this.reconnect();
  }

  private handleDrop(): void {
    if (this.stopped || this.currentState === 'Disconnecting' || this.reconnecting) return;
    void this.reconnect();
  }

  private async reconnect(): Promise<boolean> {
    this.reconnecting = true;
    const ok = await runReconnect({
      attempt: () => this.attempt().catch(() => false),
      cancelled: () => this.stopped,
      onPhase: (phase) =>
        this.setState(
          phase === 'reconnecting' ? 'Reconnecting' : phase === 'restarting' ? 'Connecting' : 'Disconnected',
        ),
    });
    this.reconnecting = false;
    if (ok) this.afterConnect(true);
    return ok;
  }

  private afterConnect(isReconnect: boolean): void {
    this.setState('Connected');
    for (const id of this.taskGroups) this.socket?.emit(hubEvents.joinTask, id);
    for (const id of this.batchGroups) this.socket?.emit(hubEvents.joinBatch, id);
    for (const id of this.conversionGroups) this.socket?.emit(hubEvents.joinConversion, id);
    if (isReconnect) for (const listener of this.reconnectListeners) listener();
  }
}
