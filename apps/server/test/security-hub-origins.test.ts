// The hub accepts connections from its own origin, the listed ones (CORS_ORIGINS, PUBLIC_URL) and
// clients that send no Origin (not browsers); a page of any other site is refused at the
// handshake, over WebSocket and long-polling alike, and gets no CORS header.
import { hubPath } from '@grabbit/contracts';
import { io } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './support/test-app';

let test: TestApp;

beforeAll(async () => {
  test = await startTestApp(
    { CORS_ORIGINS: 'https://partner.example', PUBLIC_URL: 'https://grabbit.example' },
    { listen: true, prefix: 'grabbit-hub-origins-' },
  );
});

afterAll(async () => {
  await test?.close();
});

/** Connects with the given Origin header (none when undefined): 'connected' or the refusal. */
function connect(origin: string | undefined, transport: 'websocket' | 'polling'): Promise<string> {
  const socket = io(test.origin, {
    path: hubPath,
    transports: [transport],
    forceNew: true,
    reconnection: false,
    extraHeaders: origin === undefined ? {} : { origin },
  });
  return new Promise((resolve) => {
    socket.once('connect', () => {
      socket.close();
      resolve('connected');
    });
    socket.once('connect_error', () => {
      socket.close();
      resolve('refused');
    });
  });
}

describe('hub origins', () => {
  for (const transport of ['websocket', 'polling'] as const) {
    it(`${transport}: own, listed and absent origins connect; any other is refused`, async () => {
      expect(await connect(test.origin, transport)).toBe('connected');
      expect(await connect('https://partner.example', transport)).toBe('connected');
      expect(await connect('https://grabbit.example', transport)).toBe('connected');
      expect(await connect(undefined, transport)).toBe('connected');
      expect(await connect('https://evil.example', transport)).toBe('refused');
      expect(await connect('null', transport)).toBe('refused');
    });
  }

  it('answers CORS on the hub to listed origins only', async () => {
    const handshake = `${test.origin}${hubPath}/?EIO=4&transport=polling`;
    const listed = await fetch(handshake, { headers: { origin: 'https://partner.example' } });
    expect(listed.headers.get('access-control-allow-origin')).toBe('https://partner.example');
    await listed.body?.cancel();
    const other = await fetch(handshake, { headers: { origin: 'https://evil.example' } });
    expect(other.status).toBe(403);
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
    await other.body?.cancel();
  });
});
