// The engines' only way out: a filtering HTTP proxy on 127.0.0.1 (random port), one per yt-dlp
// run. yt-dlp follows links from a site's own data and redirects, so checking the pasted link
// before it starts is not enough; here every connection is checked when it is made, after DNS
// resolution: the name is resolved, every address must be public, and the proxy connects to the
// address it checked (so a second, rebinding answer is never used). Loopback and private
// addresses pass only for the MEDIA_TEST_HOSTS entries (offline tests). HTTPS goes through
// CONNECT; plain http comes as absolute-URI requests and is forwarded. With an operator's outbound
// proxy (YTDLP_PROXY...), the checked address is reached through it (egress-upstream.ts): the
// proxy only ever sees targets the guard allowed.
import { lookup as dnsLookup } from 'node:dns/promises';
import { createServer, request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import { connect, isIP, type AddressInfo, type Socket } from 'node:net';
import type { TestHosts } from '@grabbit/catalog';
import { isPublicIpAddress, isTestHost, privateAddressRefusal } from './addresses';
import { parseUpstreamProxy, requestThrough, tunnelThrough, type UpstreamProxy } from './egress-upstream';

export type Resolve = (hostname: string) => Promise<{ address: string; family: number }[]>;

export interface EgressGuardOptions {
  testHosts: TestHosts;
  /** DNS resolution; tests pass their own to point names at chosen addresses. */
  resolve?: Resolve;
  /** The operator's outbound proxy (http:// or https://, may hold a password): the way out. */
  upstream?: string;
}

export interface EgressGuard {
  /** http://127.0.0.1:PORT, for yt-dlp's --proxy. */
  proxyUrl: string;
  /** Targets refused so far ("host:port"), never shown to visitors. */
  refused: string[];
  close(): Promise<void>;
}

type Verdict = { allowed: true; address: string; port: number } | { allowed: false; reason: string };

const defaultResolve: Resolve = (hostname) => dnsLookup(hostname, { all: true, verbatim: true });

/** Headers that belong to one connection and must not be forwarded. */
const hopByHop = new Set([
  'connection',
  'keep-alive',
  'proxy-authorization',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
]);

/** Decides where a request for host:port may connect: one checked address, or a refusal. */
async function checkTarget(target: URL, options: EgressGuardOptions, resolve: Resolve): Promise<Verdict> {
  const hostname = target.hostname.replace(/^\[|\]$/g, '');
  const port = Number(target.port || (target.protocol === 'https:' ? 443 : 80));
  let addresses: { address: string }[];
  try {
    addresses = isIP(hostname) ? [{ address: hostname }] : await resolve(hostname);
  } catch {
    return { allowed: false, reason: 'unresolvable' };
  }
  const first = addresses[0];
  if (!first) return { allowed: false, reason: 'unresolvable' };
  if (isTestHost(target, options.testHosts)) return { allowed: true, address: first.address, port };
  // Every address must be public: a name answering one public and one private address is refused.
  if (addresses.some((a) => !isPublicIpAddress(a.address))) return { allowed: false, reason: 'private' };
  return { allowed: true, address: first.address, port };
}

/** "host:port" from a CONNECT line, as a URL so every address form is normalised the same way. */
function connectTarget(authority: string | undefined): URL | undefined {
  try {
    const url = new URL(`https://${authority ?? ''}`);
    return url.hostname && !url.pathname.slice(1) && !url.username ? url : undefined;
  } catch {
    return undefined;
  }
}

function plainTarget(raw: string | undefined): URL | undefined {
  try {
    const url = new URL(raw ?? '');
    return url.protocol === 'http:' && !url.username && !url.password ? url : undefined;
  } catch {
    return undefined;
  }
}

/** Whether a request carries a body (which the parsed path below re-frames for the target). */
const hasBody = (req: IncomingMessage) =>
  Number(req.headers['content-length'] ?? 0) > 0 || req.headers['transfer-encoding'] !== undefined;

/** The request head for the target: origin-form path, our own Host, no hop-by-hop headers. */
function requestHead(req: IncomingMessage, target: URL): string {
  const lines = [
    `${req.method ?? 'GET'} ${target.pathname}${target.search} HTTP/1.1`,
    `Host: ${target.host}`,
  ];
  for (let i = 0; i + 1 < req.rawHeaders.length; i += 2) {
    const name = req.rawHeaders[i] ?? '';
    const lower = name.toLowerCase();
    if (lower !== 'host' && !hopByHop.has(lower)) lines.push(`${name}: ${req.rawHeaders[i + 1] ?? ''}`);
  }
  return `${lines.join('\r\n')}\r\nConnection: close\r\n\r\n`;
}

/** The most one read of a relayed answer takes at once: fewer, larger reads for a media file. */
const relayReadBytes = 1024 * 1024;

/**
 * A plain request without a body, straight to the checked address: its head is written once, then
 * the answer's bytes go from socket to socket as they come, with no HTTP parsing or re-framing of
 * every chunk (a media download is one long answer). Each read lands in one buffer of the relay's
 * own and is written on at once; while the client's socket still holds part of it, reading waits,
 * so no chunk is copied or allocated. `Connection: close` towards the target, and the client's
 * connection ends with the answer, so a later request can never reach this target without its own
 * check.
 */
function relayPlain(req: IncomingMessage, target: URL, address: string, port: number): Socket {
  const client = req.socket;
  const buffer = Buffer.allocUnsafe(relayReadBytes);
  let answered = false;
  let waiting = false;
  const upstream: Socket = connect({
    host: address,
    port,
    onread: {
      buffer,
      callback: (bytes, read) => {
        answered = true;
        client.write(read.subarray(0, bytes), () => {
          if (!waiting) return;
          waiting = false;
          upstream.resume();
        });
        // Written through at once: the buffer is free for the next read. Otherwise it waits.
        if (client.writableLength === 0) return true;
        waiting = true;
        return false;
      },
    },
  });
  upstream.once('connect', () => upstream.write(requestHead(req, target)));
  upstream.once('end', () => client.end());
  upstream.on('error', () => {
    if (answered || client.writableEnded) return void client.destroy();
    client.end('HTTP/1.1 502 Bad Gateway\r\nContent-Length: 0\r\nConnection: close\r\n\r\n');
  });
  client.once('close', () => upstream.destroy());
  return upstream;
}

/** A TCP connection to the checked address, resolved once it is open. */
function directConnection(
  address: string,
  port: number,
  onSocket: (socket: Socket) => void,
): Promise<Socket> {
  const socket = connect({ host: address, port });
  onSocket(socket);
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('error', reject);
  });
}

export async function startEgressGuard(options: EgressGuardOptions): Promise<EgressGuard> {
  const resolve = options.resolve ?? defaultResolve;
  const upstreamProxy: UpstreamProxy | undefined = options.upstream
    ? parseUpstreamProxy(options.upstream)
    : undefined;
  const refused: string[] = [];
  const sockets = new Set<Socket>();
  const track = (socket: Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  };

  const verdictFor = async (target: URL | undefined): Promise<Verdict> => {
    if (!target) return { allowed: false, reason: 'malformed' };
    const verdict = await checkTarget(target, options, resolve);
    if (!verdict.allowed && verdict.reason !== 'unresolvable') refused.push(target.host);
    return verdict;
  };

  const forward = async (req: IncomingMessage, res: ServerResponse) => {
    const target = plainTarget(req.url);
    const verdict = await verdictFor(target);
    if (!verdict.allowed || !target) {
      res.writeHead(verdict.allowed ? 400 : 403, { 'content-type': 'text/plain', connection: 'close' });
      return res.end(`Refused by the egress guard\n`);
    }
    if (!upstreamProxy && !hasBody(req)) {
      return void track(relayPlain(req, target, verdict.address, verdict.port));
    }
    const headers = Object.fromEntries(
      Object.entries(req.headers).filter(([name]) => !hopByHop.has(name.toLowerCase())),
    );
    const request = {
      method: req.method,
      path: `${target.pathname}${target.search}`,
      headers: { ...headers, host: target.host },
    };
    const upstream = upstreamProxy
      ? requestThrough(upstreamProxy, verdict.address, verdict.port, request)
      : httpRequest({ ...request, host: verdict.address, port: verdict.port, agent: false });
    upstream.on('response', (answer) => {
      const kept = Object.fromEntries(
        Object.entries(answer.headers).filter(([name]) => !hopByHop.has(name.toLowerCase())),
      );
      res.writeHead(answer.statusCode ?? 502, kept);
      answer.pipe(res);
    });
    upstream.on('error', () => {
      if (!res.headersSent) res.writeHead(502, { connection: 'close' });
      res.end();
    });
    res.on('close', () => upstream.destroy());
    req.pipe(upstream);
  };

  const server = createServer((req, res) => {
    forward(req, res).catch(() => res.destroy());
  });
  server.on('connection', track);
  server.on('connect', (req: IncomingMessage, client: Socket, head: Buffer) => {
    client.on('error', () => client.destroy());
    void verdictFor(connectTarget(req.url)).then((verdict) => {
      if (!verdict.allowed) {
        client.end('HTTP/1.1 403 Forbidden\r\nContent-Length: 0\r\nConnection: close\r\n\r\n');
        return;
      }
      let opened: Socket | undefined;
      client.once('close', () => opened?.destroy());
      const badGateway = () => {
        if (!client.writableEnded) client.end('HTTP/1.1 502 Bad Gateway\r\nConnection: close\r\n\r\n');
      };
      const open = (socket: Socket) => {
        opened = socket;
        track(socket);
        socket.on('error', badGateway);
      };
      const tunnel = upstreamProxy
        ? tunnelThrough(upstreamProxy, verdict.address, verdict.port, open)
        : directConnection(verdict.address, verdict.port, open);
      tunnel.then((upstream) => {
        client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
        if (head.length > 0) upstream.write(head);
        upstream.pipe(client);
        client.pipe(upstream);
      }, badGateway);
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  return {
    proxyUrl: `http://127.0.0.1:${port}`,
    refused,
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((done) => server.close(() => done()));
    },
  };
}

/**
 * The proxy variables of an engine behind the guard: every one names it (programs yt-dlp starts
 * inherit them, ffmpeg reads http_proxy). Added to the engine's own clean environment, which has
 * no no_proxy or all_proxy, so nothing is exempt from the guard.
 */
export function proxyEnvironment(proxyUrl: string): Record<string, string> {
  return Object.fromEntries(
    ['http_proxy', 'https_proxy', 'HTTP_PROXY', 'HTTPS_PROXY'].map((name) => [name, proxyUrl]),
  );
}

/**
 * Runs `work` behind its own guard (reaching the network through `upstream`, the operator's
 * outbound proxy, when set), closed afterwards. When the work fails and the guard refused a
 * connection, the refusal is the reason the visitor is told.
 */
export async function behindEgressGuard<T>(
  testHosts: TestHosts,
  work: (proxyUrl: string) => Promise<T>,
  options: { upstream?: string } = {},
): Promise<T> {
  const guard = await startEgressGuard({ testHosts, upstream: options.upstream });
  try {
    return await work(guard.proxyUrl);
  } catch (error) {
    if (guard.refused.length > 0) throw privateAddressRefusal();
    throw error;
  } finally {
    await guard.close();
  }
}
