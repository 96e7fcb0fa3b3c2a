// Per-client limits through the real app: the client is the socket's address (a forged
// X-Forwarded-For changes nothing unless TRUST_PROXY says so), IPv6 clients count per /56, a flood
// gets 429 RATE_LIMITED with Retry-After and RateLimit headers while another client is served,
// /health is never limited, job starts have their own budget (one per batch of conversions), the
// hub its own, and API keys from
// the keys file bring their own limits (an unknown key is a 401).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { io as connectHub } from 'socket.io-client';
import { hubEvents, hubPath } from '@grabbit/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hubMaxJoinsPerConnection, hubMaxMessageBytes } from '../src/security/hub-limits';
import { startTestApp, type TestApp } from './support/test-app';

const get = (test: TestApp, remoteAddress: string, headers: Record<string, string> = {}) =>
  test.app.inject({ method: 'GET', url: '/api/config', remoteAddress, headers });

describe('API budget per client', () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await startTestApp({ RATE_LIMIT_API_PER_MINUTE: '3', RATE_LIMIT_JOB_READS_PER_MINUTE: '4' });
  });
  afterAll(() => test.close());

  it('a flood gets 429 with Retry-After; a forged X-Forwarded-For does not reset it; others are served', async () => {
    for (let i = 0; i < 3; i += 1) {
      const ok = await get(test, '203.0.113.7');
      expect(ok.statusCode).toBe(200);
      expect(ok.headers['ratelimit-limit']).toBe('3');
      expect(ok.headers['ratelimit-remaining']).toBe(String(2 - i));
    }
    const flooded = await get(test, '203.0.113.7', { 'x-forwarded-for': '198.51.100.99' });
    expect(flooded.statusCode).toBe(429);
    expect(Number(flooded.headers['retry-after'])).toBeGreaterThan(0);
    expect(flooded.headers['ratelimit-remaining']).toBe('0');
    expect(flooded.json()).toMatchObject({ success: false, code: 'RATE_LIMITED' });
    expect(flooded.json<{ error: string }>().error).toMatch(/^Too many requests\. Please wait \d+ seconds?/);
    expect((await get(test, '203.0.113.8')).statusCode).toBe(200);
  });

  it('counts the path the router matched, however the URL spells it', async () => {
    for (let i = 0; i < 3; i += 1) expect((await get(test, '203.0.113.9')).statusCode).toBe(200);
    const spelled = await test.app.inject({
      method: 'GET',
      url: '/%61pi/config',
      remoteAddress: '203.0.113.9',
    });
    expect(spelled.statusCode).toBe(429);
    expect(spelled.headers['ratelimit-remaining']).toBe('0');
  });

  it('/health is never limited', async () => {
    for (let i = 0; i < 10; i += 1) {
      const health = await test.app.inject({ method: 'GET', url: '/health', remoteAddress: '203.0.113.7' });
      expect(health.statusCode).not.toBe(429);
      expect(health.headers['ratelimit-limit']).toBeUndefined();
    }
  });

  it("a conversion's status and result reads spend their own budget, not the API one", async () => {
    const read = (url: string) => test.app.inject({ method: 'GET', url, remoteAddress: '203.0.113.10' });
    for (let i = 0; i < 4; i += 1) {
      const status = await read('/api/convert/jobs/AAAAAAAAAAAAAAAAAAAAAA');
      expect(status.statusCode).toBe(404);
      expect(status.headers['ratelimit-limit']).toBe('4');
      expect(status.headers['ratelimit-remaining']).toBe(String(3 - i));
    }
    // Past its own budget (4 in this app), the next read is refused like any flood.
    const result = await read('/api/convert/result/AAAAAAAAAAAAAAAAAAAAAA');
    expect(result.statusCode).toBe(429);
    expect(result.json()).toMatchObject({ code: 'RATE_LIMITED' });
    // The API budget of the same client was not touched by those reads.
    expect((await get(test, '203.0.113.10')).headers['ratelimit-remaining']).toBe('2');
  });

  it('IPv6 clients count per /56', async () => {
    for (const address of ['2001:db8:1:100::1', '2001:db8:1:1ff::2', '2001:db8:1:1ab::3'])
      expect((await get(test, address)).statusCode).toBe(200);
    expect((await get(test, '2001:db8:1:1cd::4')).statusCode).toBe(429);
    expect((await get(test, '2001:db8:1:200::1')).statusCode).toBe(200);
  });
});

describe('TRUST_PROXY', () => {
  it('with one trusted hop, the forwarded address is the client', async () => {
    const test = await startTestApp({ RATE_LIMIT_API_PER_MINUTE: '1', TRUST_PROXY: '1' });
    try {
      const via = (client: string) => get(test, '127.0.0.1', { 'x-forwarded-for': client });
      expect((await via('198.51.100.1')).statusCode).toBe(200);
      expect((await via('198.51.100.1')).statusCode).toBe(429);
      expect((await via('198.51.100.2')).statusCode).toBe(200);
    } finally {
      await test.close();
    }
  });
});

describe('job starts and hub connections have their own budgets', () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await startTestApp(
      { RATE_LIMIT_JOBS_PER_MINUTE: '2', RATE_LIMIT_HUB_PER_MINUTE: '2' },
      { listen: true },
    );
  });
  afterAll(() => test.close());

  it('the third job start in a minute is refused, other API calls are not', async () => {
    const startJob = () =>
      test.app.inject({
        method: 'POST',
        url: '/api/download/youtube',
        remoteAddress: '203.0.113.20',
        payload: { url: 'not a link' },
      });
    expect((await startJob()).statusCode).toBe(400);
    expect((await startJob()).statusCode).toBe(400);
    const third = await startJob();
    expect(third.statusCode).toBe(429);
    expect(third.json<{ code: string }>().code).toBe('RATE_LIMITED');
    expect((await get(test, '203.0.113.20')).statusCode).toBe(200);
  });

  it('the conversions of one batch (one press of Convert) spend one job start together', async () => {
    const convert = (client: string, batch?: string) =>
      test.app.inject({
        method: 'POST',
        url: `/api/convert/image${batch ? `?batch=${batch}` : ''}`,
        remoteAddress: client,
        headers: { 'content-type': 'multipart/form-data; boundary=x' },
        payload: '--x--\r\n',
      });
    const client = '203.0.113.21';
    for (let i = 0; i < 6; i += 1) expect((await convert(client, 'press-0001')).statusCode).not.toBe(429);
    // Another press spends the second start of the minute; a third press, or a file without a batch, is refused.
    expect((await convert(client, 'press-0002')).statusCode).not.toBe(429);
    expect((await convert(client, 'press-0003')).statusCode).toBe(429);
    expect((await convert(client)).statusCode).toBe(429);
    // A malformed batch name counts like none; another client's use of the name is its own start.
    expect((await convert(client, 'x')).statusCode).toBe(429);
    const other = '203.0.113.22';
    expect((await convert(other, 'press-0001')).headers['ratelimit-remaining']).toBe('1');
  });

  it("a resumable upload's creation rides on its press of Convert", async () => {
    const client = '203.0.113.23';
    const create = (batch: string) =>
      test.app.inject({
        method: 'POST',
        url: `/api/uploads?batch=${batch}`,
        remoteAddress: client,
        headers: { 'tus-resumable': '1.0.0', 'upload-length': '1024' },
      });
    const convert = (batch: string) =>
      test.app.inject({
        method: 'POST',
        url: `/api/convert/video?batch=${batch}`,
        remoteAddress: client,
        headers: { 'content-type': 'multipart/form-data; boundary=x' },
        payload: '--x--\r\n',
      });
    // Three files of one press, each created as an upload and then converted: one start of two.
    for (let i = 0; i < 3; i += 1) {
      expect((await create('press-0005')).statusCode).toBe(201);
      expect((await convert('press-0005')).statusCode).not.toBe(429);
    }
    expect((await create('press-0006')).statusCode).toBe(201);
    expect((await create('press-0007')).statusCode).toBe(429);
  });

  it('the third hub connection in a minute is refused', async () => {
    const attempt = () =>
      new Promise<string>((resolve) => {
        const socket = connectHub(test.origin, {
          path: hubPath,
          transports: ['websocket'],
          reconnection: false,
        });
        socket.once('connect', () => {
          socket.close();
          resolve('connected');
        });
        socket.once('connect_error', (error: Error & { data?: { code?: string } }) => {
          socket.close();
          resolve(error.data?.code ?? error.message);
        });
      });
    expect(await attempt()).toBe('connected');
    expect(await attempt()).toBe('connected');
    // Refused at the transport's handshake (before socket.io's connect, so polling sessions count too).
    expect(await attempt()).not.toBe('connected');
  });
});

describe('hub limits per connection', () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await startTestApp({}, { listen: true });
  });
  afterAll(() => test.close());

  /** Connects, runs `send`, and resolves with how the connection ended within `ms`. */
  const endsAfter = (send: (socket: ReturnType<typeof connectHub>) => void, ms = 3000) =>
    new Promise<string>((resolve) => {
      const socket = connectHub(test.origin, {
        path: hubPath,
        transports: ['websocket'],
        reconnection: false,
      });
      socket.once('connect', () => send(socket));
      socket.once('disconnect', (reason) => resolve(reason));
      setTimeout(() => {
        resolve('still connected');
        socket.close();
      }, ms);
    });

  it('a connection joining too many groups is disconnected', async () => {
    const few = await endsAfter((socket) => {
      for (let i = 0; i < 10; i += 1) socket.emit(hubEvents.joinTask, `task-${i}`);
    }, 1000);
    expect(few).toBe('still connected');
    const many = await endsAfter((socket) => {
      for (let i = 0; i < hubMaxJoinsPerConnection + 1; i += 1) socket.emit(hubEvents.joinTask, `task-${i}`);
    });
    expect(many).toBe('io server disconnect');
  });

  it('a message over the size limit closes the connection', async () => {
    const reason = await endsAfter((socket) =>
      socket.emit(hubEvents.joinTask, 'x'.repeat(hubMaxMessageBytes * 2)),
    );
    expect(reason).toBe('transport close');
  });
});

describe('API keys', () => {
  let test: TestApp;
  let dir: string;
  const partner = 'partner-key-0123456789abcdef';
  const ops = 'ops-key-0123456789abcdef';
  const convertOnly = 'convert-only-key-0123456789';
  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'grabbit-keys-'));
    const file = path.join(dir, 'keys.json');
    writeFileSync(
      file,
      JSON.stringify({
        [partner]: { name: 'partner', limits: { apiPerMinute: 5 } },
        [ops]: { name: 'ops', unlimited: true },
        [convertOnly]: { name: 'converter', features: ['convert'] },
      }),
    );
    test = await startTestApp({ RATE_LIMIT_API_PER_MINUTE: '2', API_KEYS_FILE: file });
  });
  afterAll(async () => {
    await test.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const withKey = (key: string) => get(test, '203.0.113.30', { authorization: `Bearer ${key}` });

  it("a key raises the limit to the key's own", async () => {
    for (let i = 0; i < 2; i += 1) expect((await get(test, '203.0.113.30')).statusCode).toBe(200);
    expect((await get(test, '203.0.113.30')).statusCode).toBe(429);
    for (let i = 0; i < 5; i += 1) {
      const answer = await withKey(partner);
      expect(answer.statusCode).toBe(200);
      expect(answer.headers['ratelimit-limit']).toBe('5');
    }
    expect((await withKey(partner)).statusCode).toBe(429);
    for (let i = 0; i < 10; i += 1) expect((await withKey(ops)).statusCode).toBe(200);
    // An unlimited key is not counted, so no quota is stated to it.
    expect((await withKey(ops)).headers['ratelimit-limit']).toBeUndefined();
  });

  it('an unknown key is a 401 with a clear code', async () => {
    const answer = await withKey('not-a-real-key-0123456789');
    expect(answer.statusCode).toBe(401);
    expect(answer.json()).toMatchObject({ success: false, code: 'INVALID_API_KEY' });
  });

  it('a key may use only its features', async () => {
    const answer = await test.app.inject({
      method: 'POST',
      url: '/api/download/youtube',
      headers: { authorization: `Bearer ${convertOnly}` },
      payload: { url: 'https://youtu.be/abc' },
    });
    expect(answer.statusCode).toBe(403);
    expect(answer.json<{ code: string }>().code).toBe('FEATURE_NOT_ALLOWED');
  });
});
