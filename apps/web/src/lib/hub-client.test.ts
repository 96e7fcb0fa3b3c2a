import { EventEmitter } from 'node:events';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HubClient, type HubSocket, type HubState } from './hub-client';
import { listenToBatch } from './hub-client-batch';

/** Stands in for a socket.io socket: `emit` records what the page sends, `deliver` plays the server. */
class FakeSocket extends EventEmitter {
  connected = false;
  accept = true;
  sent: unknown[][] = [];
  connect() {
    queueMicrotask(() => {
      this.connected = this.accept;
      super.emit(this.accept ? 'connect' : 'connect_error', new Error('refused'));
    });
    return this;
  }
  disconnect() {
    this.connected = false;
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
  /** The server closes the connection. */
  drop() {
    this.connected = false;
    super.emit('disconnect', 'io server disconnect');
  }
}

let socket: FakeSocket;
let hub: HubClient;
let states: HubState[];

beforeEach(() => {
  vi.useFakeTimers();
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
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('hub client', () => {
  it('joins a batch only with an id and a connected hub', async () => {
    expect(hub.joinBatch('b1')).toBe(false);
    expect(await hub.start()).toBe(true);
    expect(hub.joinBatch('')).toBe(false);
    expect(hub.joinBatch('b1')).toBe(true);
    expect(socket.sent).toEqual([['JoinBatchGroup', 'b1']]);
    expect(states).toEqual(['Connecting', 'Connected']);
  });

  it('reconnects after a server-side close, 1 s then 2 s, and joins its groups again', async () => {
    await hub.start();
    hub.joinTask('t1');
    hub.joinBatch('b1');
    const reconnected = vi.fn();
    hub.onReconnected(reconnected);
    socket.accept = false;
    socket.sent = [];
    socket.drop();
    expect(hub.state).toBe('Reconnecting');
    await vi.advanceTimersByTimeAsync(1000); // first attempt fails
    expect(hub.state).toBe('Reconnecting');
    socket.accept = true;
    await vi.advanceTimersByTimeAsync(1999);
    expect(hub.state).toBe('Reconnecting');
    await vi.advanceTimersByTimeAsync(1); // second attempt, 2 s later, succeeds
    expect(hub.state).toBe('Connected');
    expect(socket.sent).toEqual([
      ['JoinTaskGroup', 't1'],
      ['JoinBatchGroup', 'b1'],
    ]);
    expect(reconnected).toHaveBeenCalledOnce();
  });

  it('joins a conversion once the server confirms it, again after a reconnect, and leaves it', async () => {
    expect(await hub.joinConversion('c1')).toBe(false);
    await hub.start();
    expect(await hub.joinConversion('c1')).toBe(true);
    await hub.joinConversion('c2');
    hub.leaveConversion('c2');
    expect(socket.sent).toEqual([
      ['JoinConversionGroup', 'c1'],
      ['JoinConversionGroup', 'c2'],
    ]);
    socket.sent = [];
    socket.drop();
    await vi.advanceTimersByTimeAsync(1000);
    expect(hub.state).toBe('Connected');
    expect(socket.sent).toEqual([['JoinConversionGroup', 'c1']]);
  });

  it('gives up after 60 s plus 5 restarts 2 s apart', async () => {
    await hub.start();
    socket.accept = false;
    socket.drop();
    await vi.advanceTimersByTimeAsync(65_000);
    expect(hub.state).toBe('Connecting');
    await vi.advanceTimersByTimeAsync(10_000);
    expect(hub.state).toBe('Disconnected');
  });
});

describe('batch listener', () => {
  it('reports progress, completes at 100 and drops its callbacks 5 s later', async () => {
    await hub.start();
    hub.joinBatch('b1');
    const progress = vi.fn();
    const completed = vi.fn();
    listenToBatch(hub, 'b1', { onProgress: progress, onCompleted: completed });
    socket.deliver('BatchProgressUpdate', 'other', 10);
    socket.deliver('BatchProgressUpdate', 'b1', 40);
    socket.deliver('BatchCompleted', 'b1', { success: true, message: 'done' });
    expect(progress.mock.calls).toEqual([[40], [100]]);
    expect(completed).toHaveBeenCalledWith({ success: true, message: 'done' });
    await vi.advanceTimersByTimeAsync(4999);
    socket.deliver('BatchProgressUpdate', 'b1', 50);
    expect(progress).toHaveBeenCalledTimes(3);
    await vi.advanceTimersByTimeAsync(1);
    socket.deliver('BatchProgressUpdate', 'b1', 60);
    expect(progress).toHaveBeenCalledTimes(3);
  });

  it('passes a batch error message, or the default one', async () => {
    await hub.start();
    const errors = vi.fn();
    listenToBatch(hub, 'b2', { onError: errors });
    socket.deliver('BatchError', 'b2', {});
    expect(errors).toHaveBeenCalledWith('An error occurred');
  });
});
