// The guard's proxy on real local sockets: CONNECT (https) and absolute-URI (http) requests to a
// private address are refused before any connection is made, a name is judged by every address
// it resolves to, and a test host passes.
import { createServer, request, type Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEgressGuard, type EgressGuard } from './egress-guard';

let target: { server: Server; port: number; hits: number };
beforeAll(async () => {
  const server = createServer((_req, res) => {
    target.hits += 1;
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
