import { EventEmitter } from 'node:events';
import { network } from '@grabbit/catalog';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HubClient, type HubSocket, type HubState } from './hub-client';
import { attemptsWithin, automatic, lastTries } from './hub-reconnection';

/** Stands in for socket.io's manager: its schedule as last set, and its `reconnect_failed`. */
class FakeManager extends EventEmitter {
  schedule: Record<string, number> = { ...automatic };
  reconnectionDelay(ms: number) {
    this.schedule.reconnectionDelay = ms;
  }
  reconnectionDelayMax(ms: number) {
    this.schedule.reconnectionDelayMax = ms;
  }
  randomizationFactor(factor: number) {
    this.schedule.randomizationFactor = factor;
  }
  reconnectionAttempts(attempts: number) {
    this.schedule.reconnectionAttempts = attempts;
  }
}

/**
 * Stands in for a socket.io socket: `emit` records what the page sends, `deliver` plays the server,
 * `lose` and `regain` play socket.io's own reconnection (it keeps the socket active meanwhile).
 */
class FakeSocket extends EventEmitter {
  io = new FakeManager();
  connected = false;
  active = false;
  accept = true;
  connects = 0;
  sent: unknown[][] = [];
  connect() {
    this.connects += 1;
    this.active = true;
    queueMicrotask(() => {
      this.connected = this.accept;
      super.emit(this.accept ? 'connect' : 'connect_error', new Error('refused'));
    });
    return this;
  }
  disconnect() {
    this.connected = false;
    this.active = false;
    super.emit('disconnect', 'io client disconnect');
    return this;
  }
  override emit(event: string, ...args: unknown[]): boolean {
    // The server acknowledges a join when asked to (its last argument is then a callback).
    const ack = args.at(-1);
    if (typeof ack === 'function') {
      args.pop();
      queueMicrotask(() => (ack as (ok: boolean) => void)(true));
    }
    this.sent.push([event, ...args]);
    return true;
  }
  deliver(event: string, ...args: unknown[]) {
    super.emit(event, ...args);
  }
  /** The connection drops; socket.io tries again on its own (the socket stays active). */
  lose() {
    this.connected = false;
    super.emit('disconnect', 'transport close');
  }
  /** socket.io's reconnection got through. */
  regain() {
    this.connected = true;
    super.emit('connect');
  }
  /** The server closes the connection: socket.io does not try again by itself. */
  closeFromServer() {
    this.connected = false;
    this.active = false;
    super.emit('disconnect', 'io server disconnect');
  }
}

let socket: FakeSocket;
let hub: HubClient;
let states: HubState[];

beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  socket = new FakeSocket();
  hub = new HubClient({
    resolveUrl: async () => 'http://127.0.0.1:1/hubs/downloads',
    createSocket: () => socket as unknown as HubSocket,
  });
  states = [];
  hub.onStateChange((state) => states.push(state));
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('hub client', () => {
  it('leaves reconnecting to socket.io: from 1 s doubling to 10 s for 60 s, then 5 tries 2 s apart', () => {
    // 1 + 2 + 4 + 8 + 10 + 10 + 10 + 10 s = 55 s: an attempt more would end after 60 s.
    expect(attemptsWithin(60_000, 1000, 10_000)).toBe(8);
    expect(automatic).toEqual({
      reconnectionDelay: network.hubBackoffStartMs,
      reconnectionDelayMax: network.hubBackoffMaxMs,
      randomizationFactor: 0.5,
      reconnectionAttempts: 8,
    });
    // The first of the last 5 tries is the client's own connect, at once.
    expect(lastTries).toEqual({
      reconnectionDelay: 2000,
      reconnectionDelayMax: 2000,
      randomizationFactor: 0,
      reconnectionAttempts: network.reconnectRetries - 1,
    });
  });

  it('once socket.io gives up, runs the last tries, then counts as closed', async () => {
    await hub.start();
    socket.accept = false;
    socket.lose();
    socket.io.emit('reconnect_failed');
    expect(hub.state).toBe('Connecting');
    expect(socket.io.schedule).toEqual(lastTries);
    expect(socket.connects).toBe(2);
    socket.io.emit('reconnect_failed');
    expect(hub.state).toBe('Disconnected');
    expect(socket.io.schedule).toEqual(automatic);
  });

  it('goes back to the automatic schedule once the last tries got through', async () => {
    await hub.start();
    socket.lose();
    socket.io.emit('reconnect_failed');
    socket.regain();
    expect(hub.state).toBe('Connected');
    expect(socket.io.schedule).toEqual(automatic);
  });

  it('joins a group asked for before connecting once connected, and needs an id', async () => {
    expect(hub.joinBatch('b1')).toBe(false);
    expect(await hub.start()).toBe(true);
    expect(socket.sent).toEqual([['JoinBatchGroup', 'b1']]);
    expect(hub.joinBatch('')).toBe(false);
    expect(hub.joinTask('t1')).toBe(true);
    expect(socket.sent).toEqual([
      ['JoinBatchGroup', 'b1'],
      ['JoinTaskGroup', 't1'],
    ]);
    expect(states).toEqual(['Connecting', 'Connected']);
  });

  it('answers false when the first attempt fails, and joins once socket.io connects', async () => {
    socket.accept = false;
    expect(await hub.start()).toBe(false);
    const reconnected = vi.fn();
    hub.onReconnected(reconnected);
    socket.regain();
    expect(hub.state).toBe('Connected');
    // The first connection is no reconnect: nothing to read again.
    expect(reconnected).not.toHaveBeenCalled();
  });

  it('after a drop, joins its groups again and tells the listeners once socket.io is back', async () => {
    await hub.start();
    hub.joinTask('t1');
    hub.joinBatch('b1');
    const reconnected = vi.fn();
    hub.onReconnected(reconnected);
    socket.sent = [];
    socket.lose();
    expect(hub.state).toBe('Reconnecting');
    // socket.io retries by itself: the client makes no attempt of its own.
    expect(socket.connects).toBe(1);
    socket.regain();
    expect(hub.state).toBe('Connected');
    expect(socket.sent).toEqual([
      ['JoinTaskGroup', 't1'],
      ['JoinBatchGroup', 'b1'],
    ]);
    expect(reconnected).toHaveBeenCalledOnce();
  });

  it('connects again itself when the server closed the connection', async () => {
    await hub.start();
    const reconnected = vi.fn();
    hub.onReconnected(reconnected);
    socket.closeFromServer();
    expect(socket.connects).toBe(2);
    await vi.waitFor(() => expect(hub.state).toBe('Connected'));
    expect(reconnected).toHaveBeenCalledOnce();
  });

  it('joins a conversion once the server confirms it, again after a reconnect, and leaves it', async () => {
    // Asked for before connecting: joined once connected.
    expect(await hub.joinConversion('c1')).toBe(false);
    await hub.start();
    expect(await hub.joinConversion('c2')).toBe(true);
    hub.leaveConversion('c2');
    expect(socket.sent).toEqual([
      ['JoinConversionGroup', 'c1'],
      ['JoinConversionGroup', 'c2'],
    ]);
    socket.sent = [];
    socket.lose();
    socket.regain();
    expect(socket.sent).toEqual([['JoinConversionGroup', 'c1']]);
  });

  it('stays stopped when stopped: a drop after stop() is no reconnect', async () => {
    await hub.start();
    hub.stop();
    expect(hub.state).toBe('Disconnected');
    expect(socket.connects).toBe(1);
  });

  it('delivers events to listeners added before the socket existed', async () => {
    const progress = vi.fn();
    hub.on('BatchProgressUpdate', progress);
    await hub.start();
    socket.deliver('BatchProgressUpdate', 'b1', 40);
    expect(progress).toHaveBeenCalledWith('b1', 40);
  });
});
