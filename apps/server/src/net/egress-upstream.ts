// The egress guard's way out when the operator set an outbound proxy (YTDLP_PROXY...): the guard
// still checks every target itself, then reaches the checked address through that proxy (CONNECT
// for tunnels, absolute-URI requests for plain http) instead of directly. The proxy's URL may hold
// a password: it never reaches an error message or a log line.
import { request as httpRequest, type ClientRequest, type RequestOptions } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { connect, isIP, type Socket } from 'node:net';
import { connect as tlsConnect } from 'node:tls';

export interface UpstreamProxy {
  host: string;
  port: number;
  /** TLS to the proxy itself (an https:// proxy URL). */
  tls: boolean;
  /** `Basic ...` from the URL's user and password, when it has them. */
  authorization?: string;
}

/** How long the proxy may take to answer a CONNECT, and how much header it may send. */
const handshakeTimeoutMs = 30_000;
const maxHandshakeBytes = 16 * 1024;

/** Reads an http:// or https:// proxy URL (config/ytdlp-settings.ts refuses every other kind). */
export function parseUpstreamProxy(url: string): UpstreamProxy {
  const parsed = new URL(url);
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw new Error('The outbound proxy must be an http:// or https:// URL');
  }
  const tls = parsed.protocol === 'https:';
  const credentials = `${decodeURIComponent(parsed.username)}:${decodeURIComponent(parsed.password)}`;
  return {
    host: parsed.hostname.replace(/^\[|\]$/g, ''),
    port: Number(parsed.port || (tls ? 443 : 80)),
    tls,
    authorization: parsed.username ? `Basic ${Buffer.from(credentials).toString('base64')}` : undefined,
  };
}

/** "address:port" with an IPv6 address in brackets, as request lines and URIs write it. */
function authorityOf(address: string, port: number): string {
  return `${isIP(address) === 6 ? `[${address}]` : address}:${port}`;
}

function connectToProxy(proxy: UpstreamProxy): Socket {
  return proxy.tls
    ? tlsConnect({
        host: proxy.host,
        port: proxy.port,
        servername: isIP(proxy.host) ? undefined : proxy.host,
      })
    : connect({ host: proxy.host, port: proxy.port });
}

/**
 * A tunnel to address:port through the proxy, ready to pipe once it resolves. `onSocket` gets the
 * socket at once, so the caller can close it with the guard.
 */
export function tunnelThrough(
  proxy: UpstreamProxy,
  address: string,
  port: number,
  onSocket: (socket: Socket) => void,
): Promise<Socket> {
  const authority = authorityOf(address, port);
  const socket = connectToProxy(proxy);
  onSocket(socket);
  return new Promise((resolve, reject) => {
    let received = Buffer.alloc(0);
    const fail = (reason: string) => {
      socket.destroy();
      reject(new Error(reason));
    };
    const onData = (chunk: Buffer) => {
      received = Buffer.concat([received, chunk]);
      const end = received.indexOf('\r\n\r\n');
      if (end < 0) {
        if (received.length > maxHandshakeBytes) fail('The outbound proxy sent too long an answer');
        return;
      }
      socket.off('data', onData);
      socket.off('error', onError);
      socket.setTimeout(0);
      const status = /^HTTP\/1\.[01] (\d{3})/.exec(received.toString('latin1'))?.[1];
      if (!status?.startsWith('2'))
        return fail(`The outbound proxy refused the tunnel (${status ?? 'no status'})`);
      // Bytes after the headers already belong to the tunnel.
      const rest = received.subarray(end + 4);
      if (rest.length > 0) socket.unshift(rest);
      resolve(socket);
    };
    const onError = () => fail('The outbound proxy could not be reached');
    socket.on('data', onData);
    socket.on('error', onError);
    socket.setTimeout(handshakeTimeoutMs, () => fail('The outbound proxy did not answer'));
    socket.once(proxy.tls ? 'secureConnect' : 'connect', () => {
      const auth = proxy.authorization ? `Proxy-Authorization: ${proxy.authorization}\r\n` : '';
      socket.write(`CONNECT ${authority} HTTP/1.1\r\nHost: ${authority}\r\n${auth}\r\n`);
    });
  });
}

/**
 * A plain-http request for the checked address, sent to the proxy as an absolute URI with the
 * original target's Host header.
 */
export function requestThrough(
  proxy: UpstreamProxy,
  address: string,
  port: number,
  options: RequestOptions & { path: string; headers: Record<string, string | string[] | undefined> },
): ClientRequest {
  const send = proxy.tls ? httpsRequest : httpRequest;
  return send({
    ...options,
    host: proxy.host,
    port: proxy.port,
    path: `http://${authorityOf(address, port)}${options.path}`,
    headers: {
      ...options.headers,
      ...(proxy.authorization ? { 'proxy-authorization': proxy.authorization } : {}),
    },
    agent: false,
  });
}
