// Who a request comes from, for limits: the socket's address unless TRUST_PROXY names the proxies
// in front of us (a hop count, or their addresses/CIDRs), so a forged X-Forwarded-For changes
// nothing by default. Limits key on a salted hash of the address, never the address itself, and
// IPv6 clients are grouped by /56 (one household or server gets a whole range of addresses).
import { createHash, randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { isIP } from 'node:net';
import proxyAddr from '@fastify/proxy-addr';
import ipaddr from 'ipaddr.js';
import { LRUCache } from 'lru-cache';

export type TrustFunction = (address: string, hop: number) => boolean;

/** TRUST_PROXY as a trust function: '' trusts no proxy, "2" trusts two hops, else a list. */
export function trustProxyFunction(setting: string): TrustFunction {
  const text = setting.trim();
  if (text === '' || text === 'false' || text === '0') return () => false;
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    return (_address, hop) => hop < hops;
  }
  return proxyAddr.compile(
    text
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean),
  );
}

/** The client address of a raw request (the hub's handshake) under the same trust rules. */
export function clientAddress(request: IncomingMessage, trust: TrustFunction): string {
  return proxyAddr(request, trust);
}

/** The address limits count on: IPv4 as it is, IPv6 (not IPv4-mapped) reduced to its /56. */
export function limitAddress(address: string): string {
  if (isIP(address) !== 6) return address;
  const parsed = ipaddr.IPv6.parse(address);
  if (parsed.isIPv4MappedAddress()) return parsed.toIPv4Address().toString();
  return `${ipaddr.IPv6.networkAddressFromCIDR(`${parsed.toString()}/56`).toString()}/56`;
}

export class ClientIdentity {
  private salt: string;
  /**
   * Recent addresses' keys: a busy client sends many requests, and hashing its address again for
   * each one was a noticeable share of the server's time under load.
   */
  private readonly keys = new LRUCache<string, string>({ max: 10_000 });

  constructor(
    salt: string,
    readonly trust: TrustFunction,
  ) {
    // A random salt per process: hashes cannot be matched to addresses, nor across restarts.
    this.salt = salt || randomBytes(32).toString('hex');
  }

  /** Scaled mode: the salt every API node shares (kept in Redis), so they count clients alike. */
  useSalt(salt: string): void {
    this.salt = salt;
    this.keys.clear();
  }

  /** The hashed key of a client address ("ip:" + 32 hex characters). */
  keyOf(address: string): string {
    const known = this.keys.get(address);
    if (known !== undefined) return known;
    const digest = createHash('sha256').update(this.salt).update(limitAddress(address)).digest('hex');
    const key = `ip:${digest.slice(0, 32)}`;
    this.keys.set(address, key);
    return key;
  }
}
