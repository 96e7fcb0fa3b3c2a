// The guard's proxy on real local sockets: CONNECT (https) and absolute-URI (http) requests to a
// private address are refused before any connection is made, a name is judged by every address
// it resolves to, and a test host passes. With an operator's outbound proxy as upstream, refused
// targets never reach that proxy and allowed ones go through it by their checked address.
import { createServer, request, type IncomingHttpHeaders, type Server } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEgressGuard, type EgressGuard } from './egress-guard';

let target: { server: Server; port: number; hits: number; lastHeaders?: IncomingHttpHeaders };
beforeAll(async () => {
  const server = createServer((req, res) => {
    target.hits += 1;
    target.lastHeaders = req.headers;
    res.end('inside');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  target = { server, port: (server.address() as AddressInfo).port, hits: 0 };
});
afterAll(async () => {
  await new Promise<void>((resolve) => target.server.close(() => resolve()));
});

/** Sends one CONNECT and returns the proxy's status line. */
function connectThrough(guard: EgressGuard, authority: string): Promise<string> {
  const { port } = new URL(guard.proxyUrl);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), '127.0.0.1', () => {
      socket.write(`CONNECT ${authority} HTTP/1.1\r\nHost: ${authority}\r\n\r\n`);
    });
    socket.once('data', (chunk) => {
      resolve(chunk.toString('latin1').split('\r\n')[0] ?? '');
      socket.destroy();
    });
    socket.once('error', reject);
  });
}

/** A plain-http request through the proxy (absolute URI); resolves with status and body. */
function getThrough(guard: EgressGuard, url: string): Promise<{ status: number; body: string }> {
  const proxy = new URL(guard.proxyUrl);
  return new Promise((resolve, reject) => {
    const req = request({
      host: proxy.hostname,
      port: proxy.port,
      path: url,
      headers: { host: new URL(url).host },
    });
    req.on('response', (res) => {
      let body = '';
      res.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('egress guard proxy', () => {
  it('refuses private targets in every form, before connecting', async () => {
    const guard = await startEgressGuard({ testHosts: [] });
    try {
      for (const authority of [
        `127.0.0.1:${target.port}`,
        `[::ffff:127.0.0.1]:${target.port}`,
        `[::1]:${target.port}`,
        `0.0.0.0:${target.port}`,
        `2130706433:${target.port}`, // 127.0.0.1 as one number
        '169.254.169.254:80',
      ])
        expect(await connectThrough(guard, authority), authority).toMatch(/^HTTP\/1\.1 403/);
      const plain = await getThrough(guard, `http://127.0.0.1:${target.port}/secret`);
      expect(plain.status).toBe(403);
      expect(target.hits).toBe(0);
      expect(guard.refused).toHaveLength(7);
    } finally {
      await guard.close();
    }
  });

  it('refuses a name when any of its addresses is private (DNS answers checked, not trusted)', async () => {
    const guard = await startEgressGuard({
      testHosts: [],
      resolve: async () => [
        { address: '93.184.216.34', family: 4 },
        { address: '10.0.0.1', family: 4 },
      ],
    });
    try {
      expect(await connectThrough(guard, 'rebind.example:443')).toMatch(/^HTTP\/1\.1 403/);
    } finally {
      await guard.close();
    }
  });

  it('lets a test host through, over CONNECT and plain http', async () => {
    const guard = await startEgressGuard({ testHosts: [`127.0.0.1:${target.port}`] });
    try {
      expect(await connectThrough(guard, `127.0.0.1:${target.port}`)).toMatch(/^HTTP\/1\.1 200/);
      const plain = await getThrough(guard, `http://127.0.0.1:${target.port}/ok`);
      expect(plain).toEqual({ status: 200, body: 'inside' });
      // Another port of the same machine is not the test host.
      expect(await connectThrough(guard, `127.0.0.1:${target.port + 1}`)).toMatch(/^HTTP\/1\.1 403/);
    } finally {
      await guard.close();
    }
  });
});

/** An operator's outbound proxy that wants a password, counts every connection made to it, and
 * records what it was asked for (CONNECT tunnels and absolute-URI requests). */
async function startUpstream(user: string, password: string) {
  const expected = `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
  const state = { connections: 0, seen: [] as string[], host: [] as string[] };
  const server = createServer((req, res) => {
    if (req.headers['proxy-authorization'] !== expected) return res.writeHead(407).end();
    state.seen.push(`${req.method} ${req.url}`);
    state.host.push(req.headers.host ?? '');
    const onward = request(req.url ?? '', { method: req.method, agent: false }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    onward.on('error', () => res.writeHead(502).end());
    req.pipe(onward);
  });
  server.on('connection', () => (state.connections += 1));
  server.on('connect', (req, client: Socket) => {
    if (req.headers['proxy-authorization'] !== expected) {
      client.end('HTTP/1.1 407 Proxy Authentication Required\r\n\r\n');
      return;
    }
    state.seen.push(`CONNECT ${req.url}`);
    const url = new URL(`http://${req.url ?? ''}`);
    const onward = connect(Number(url.port), url.hostname, () => {
      client.write('HTTP/1.1 200 Connection Established\r\nVia: test\r\n\r\n');
      onward.pipe(client);
      client.pipe(onward);
    });
    onward.on('error', () => client.destroy());
    client.on('error', () => onward.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    state,
    url: (pw: string) => `http://${user}:${encodeURIComponent(pw)}@127.0.0.1:${port}`,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** A raw absolute-URI GET through the proxy on a keep-alive connection; resolves at the connection's end. */
function rawGetThrough(guard: EgressGuard, url: string): Promise<string> {
  const { port } = new URL(guard.proxyUrl);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), '127.0.0.1', () => {
      socket.write(
        `GET ${url} HTTP/1.1\r\nHost: ${new URL(url).host}\r\nProxy-Connection: keep-alive\r\nX-Asked: yes\r\n\r\n`,
      );
    });
    let read = '';
    socket.on('data', (chunk) => (read += chunk.toString('latin1')));
    socket.once('end', () => resolve(read));
    socket.once('error', reject);
  });
}

describe('egress guard relaying a plain answer', () => {
  it("passes the target's answer on as it is and ends the client's connection with it", async () => {
    const guard = await startEgressGuard({ testHosts: [`127.0.0.1:${target.port}`] });
    try {
      const answer = await rawGetThrough(guard, `http://127.0.0.1:${target.port}/ok?x=1`);
      expect(answer).toMatch(/^HTTP\/1\.1 200 OK\r\n[\s\S]*\r\n\r\ninside$/);
      // The target got the request in origin form, our Host, no proxy headers, one answer per connection.
      expect(target.lastHeaders).toMatchObject({ host: `127.0.0.1:${target.port}`, 'x-asked': 'yes' });
      expect(target.lastHeaders?.['proxy-connection']).toBeUndefined();
      expect(target.lastHeaders?.connection).toBe('close');
    } finally {
      await guard.close();
    }
  });
});

/** 24 MiB of a known pattern: more than one read of the relay and more than a socket buffers. */
const bigAnswer = Buffer.alloc(24 * 1024 * 1024, 0);
for (let i = 0; i < bigAnswer.length; i += 4) bigAnswer.writeUInt32LE(i, i);

describe('egress guard relaying a large answer to a slow reader', () => {
  it('passes every byte on in order while the client reads in small, late pieces', async () => {
    const big = createServer((_req, res) => res.end(bigAnswer));
    await new Promise<void>((resolve) => big.listen(0, '127.0.0.1', resolve));
    const port = (big.address() as AddressInfo).port;
    const guard = await startEgressGuard({ testHosts: [`127.0.0.1:${port}`] });
    try {
      const proxy = new URL(guard.proxyUrl);
      const received = await new Promise<Buffer>((resolve, reject) => {
        const chunks: Buffer[] = [];
        const socket = connect(Number(proxy.port), '127.0.0.1', () =>
          socket.write(`GET http://127.0.0.1:${port}/big HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n\r\n`),
        );
        // A reader that stops after each piece: the relay's buffer fills and it must wait for us.
        socket.on('data', (chunk) => {
          chunks.push(chunk);
          socket.pause();
          setImmediate(() => socket.resume());
        });
        socket.once('end', () => resolve(Buffer.concat(chunks)));
        socket.once('error', reject);
      });
      const body = received.subarray(received.indexOf('\r\n\r\n') + 4);
      expect(body.length).toBe(bigAnswer.length);
      expect(body.equals(bigAnswer)).toBe(true);
    } finally {
      await guard.close();
      await new Promise<void>((resolve) => big.close(() => resolve()));
    }
  });
});

/** A GET for /tunnel sent inside a CONNECT tunnel; resolves with everything read back. */
function getInsideTunnel(guard: EgressGuard, authority: string): Promise<string> {
  const { port } = new URL(guard.proxyUrl);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), '127.0.0.1', () => {
      socket.write(`CONNECT ${authority} HTTP/1.1\r\nHost: ${authority}\r\n\r\n`);
    });
    let read = '';
    socket.once('data', (chunk) => {
      read += chunk.toString('latin1');
      socket.write(`GET /tunnel HTTP/1.1\r\nHost: ${authority}\r\nConnection: close\r\n\r\n`);
      socket.on('data', (more) => (read += more.toString('latin1')));
    });
    socket.once('end', () => resolve(read));
    socket.once('error', reject);
  });
}

describe("egress guard with the operator's outbound proxy as upstream", () => {
  const password = 'p@ss:w0rd/51';

  it('refuses private targets before the upstream proxy is ever contacted', async () => {
    const upstream = await startUpstream('grabbit', password);
    const guard = await startEgressGuard({ testHosts: [], upstream: upstream.url(password) });
    const hitsBefore = target.hits;
    try {
      for (const authority of [`127.0.0.1:${target.port}`, `[::1]:${target.port}`, '169.254.169.254:80'])
        expect(await connectThrough(guard, authority), authority).toMatch(/^HTTP\/1\.1 403/);
      expect((await getThrough(guard, `http://127.0.0.1:${target.port}/secret`)).status).toBe(403);
      expect(upstream.state.connections).toBe(0);
      expect(upstream.state.seen).toEqual([]);
      expect(target.hits).toBe(hitsBefore);
    } finally {
      await guard.close();
      await upstream.close();
    }
  });

  it('reaches an allowed target through the upstream, by its checked address, with the password', async () => {
    const upstream = await startUpstream('grabbit', password);
    const testHost = `localhost:${target.port}`;
    const guard = await startEgressGuard({
      testHosts: [testHost],
      resolve: async () => [{ address: '127.0.0.1', family: 4 }],
      upstream: upstream.url(password),
    });
    try {
      expect(await getInsideTunnel(guard, testHost)).toMatch(/^HTTP\/1\.1 200[\s\S]*inside$/);
      const plain = await getThrough(guard, `http://${testHost}/ok?x=1`);
      expect(plain).toEqual({ status: 200, body: 'inside' });
      expect(upstream.state.seen).toEqual([
        `CONNECT 127.0.0.1:${target.port}`,
        `GET http://127.0.0.1:${target.port}/ok?x=1`,
      ]);
      expect(upstream.state.host).toEqual([testHost]);
    } finally {
      await guard.close();
      await upstream.close();
    }
  });

  it('an upstream that refuses (wrong password) answers 502, never the target', async () => {
    const upstream = await startUpstream('grabbit', password);
    const guard = await startEgressGuard({
      testHosts: [`127.0.0.1:${target.port}`],
      upstream: upstream.url('wrong'),
    });
    try {
      expect(await connectThrough(guard, `127.0.0.1:${target.port}`)).toMatch(/^HTTP\/1\.1 502/);
      expect((await getThrough(guard, `http://127.0.0.1:${target.port}/ok`)).status).toBe(407);
      expect(upstream.state.seen).toEqual([]);
    } finally {
      await guard.close();
      await upstream.close();
    }
  });
});
