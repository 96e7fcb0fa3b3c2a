// Test-controlled stand-ins for the browser tests of the downloader pages:
// - a media host whose files fail until the test "arms" them (for Retry) or arrive slowly (so a
//   download is still running when the test cuts the hub);
// - a TCP proxy in front of the server that can drop every open connection and refuse new ones
//   for a while, which the page sees exactly like the server closing the hub connection.
import { createReadStream, readFileSync } from 'node:fs';
import { createServer as createHttpServer, type Server } from 'node:http';
import { createServer as createTcpServer, connect, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

export interface ControlSite {
  /** "127.0.0.1:PORT": add it to MEDIA_TEST_HOSTS. */
  host: string;
  url(pathname: string): string;
  /** From now on /flaky/* serves the file instead of 404. */
  arm(): void;
  /** How many requests /flaky/* answered with 404 so far. */
  failures(): number;
  close(): Promise<void>;
}

async function listen(server: Server | ReturnType<typeof createTcpServer>): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

/** Serves files of `mediaDir`: /flaky/<file> (404 until armed) and /paced/<file> (about 6 s long). */
export async function startControlSite(mediaDir: string): Promise<ControlSite> {
  let armed = false;
  let failures = 0;
  const server = createHttpServer((req, res) => {
    const { pathname } = new URL(req.url ?? '/', 'http://x');
    const file = path.join(mediaDir, path.basename(pathname));
    if (pathname.startsWith('/flaky/') && !armed) {
      failures += 1;
      return res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
    }
    let body: Buffer;
    try {
      body = readFileSync(file);
    } catch {
      return res.writeHead(404).end();
    }
    res.writeHead(200, { 'content-type': 'video/mp4', 'content-length': body.length });
    if (!pathname.startsWith('/paced/')) return void createReadStream(file).pipe(res);
    const step = Math.ceil(body.length / 30);
    let offset = 0;
    const timer = setInterval(() => {
      res.write(body.subarray(offset, offset + step));
      offset += step;
      if (offset >= body.length) {
        clearInterval(timer);
        res.end();
      }
    }, 200);
    res.on('close', () => clearInterval(timer));
  });
  const port = await listen(server);
  return {
    host: `127.0.0.1:${port}`,
    url: (pathname) => `http://127.0.0.1:${port}${pathname}`,
    arm: () => void (armed = true),
    failures: () => failures,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export interface DropProxy {
  url: string;
  /** Destroys every open connection and refuses new ones for `refuseMs`. */
  drop(refuseMs: number): void;
  close(): Promise<void>;
}

export async function startDropProxy(targetPort: number): Promise<DropProxy> {
  const open = new Set<Socket>();
  let refuseUntil = 0;
  const proxy = createTcpServer((client) => {
    if (Date.now() < refuseUntil) return void client.destroy();
    const upstream = connect(targetPort, '127.0.0.1');
    for (const socket of [client, upstream]) {
      open.add(socket);
      socket.on('close', () => open.delete(socket));
      socket.on('error', () => undefined);
    }
    client.pipe(upstream).pipe(client);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  const port = await listen(proxy);
  return {
    url: `http://127.0.0.1:${port}`,
    drop(refuseMs) {
      refuseUntil = Date.now() + refuseMs;
      for (const socket of open) socket.destroy();
    },
    close: async () => {
      for (const socket of open) socket.destroy();
      await new Promise<void>((resolve) => proxy.close(() => resolve()));
    },
  };
}
