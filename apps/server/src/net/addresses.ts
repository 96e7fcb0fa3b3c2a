// Which hosts and addresses a link, a short-link hop or an engine's connection may reach: only
// ordinary public addresses, unless the offline-testing switch (MEDIA_TEST_HOSTS) names the host.
// Shared by the link rules (download/) and the egress guard (ytdlp/), so neither imports the other.
import { isIP } from 'node:net';
import type { TestHosts } from '@grabbit/catalog';
import ipaddr from 'ipaddr.js';
import { AppError } from '../core/app-error';

export function isTestHost(url: URL, testHosts: TestHosts): boolean {
  const names = testHosts.map((entry) => entry.toLowerCase());
  return names.includes(url.hostname.toLowerCase()) || names.includes(url.host.toLowerCase());
}

/** IPv6 ranges that carry an IPv4 address in their last 32 bits (mapped, translated, NAT64). */
const embeddingRanges = new Set(['ipv4Mapped', 'rfc6145', 'rfc6052']);

/** The IPv4 address an IPv6 address stands for (mapped, NAT64, 6to4, IPv4-compatible), if any. */
function embeddedIPv4(address: ipaddr.IPv6): ipaddr.IPv4 | undefined {
  const parts = address.parts;
  const fromWords = (high: number, low: number) =>
    new ipaddr.IPv4([high >> 8, high & 255, low >> 8, low & 255]);
  const range = address.range();
  if (embeddingRanges.has(range) || parts.slice(0, 6).every((part) => part === 0))
    return fromWords(parts[6] ?? 0, parts[7] ?? 0);
  if (range === '6to4') return fromWords(parts[1] ?? 0, parts[2] ?? 0);
  return undefined;
}

/**
 * Whether an IP address (any textual form Node accepts) is ordinary public unicast. Everything
 * else is refused: loopback, private, link-local (cloud metadata 169.254.169.254 included), CGNAT
 * (100.64/10, where some clouds put their metadata service), multicast, broadcast, unspecified,
 * reserved and documentation ranges, IPv6 unique-local and site-local, and IPv6 forms that wrap
 * an IPv4 address (mapped, NAT64, 6to4, IPv4-compatible) are judged by the address they wrap.
 * Teredo is refused outright: its embedded address is obfuscated.
 */
export function isPublicIpAddress(text: string): boolean {
  const version = isIP(text);
  if (version === 0) return false;
  const address = ipaddr.parse(text);
  if (address.kind() === 'ipv4') return address.range() === 'unicast';
  const v6 = address as ipaddr.IPv6;
  if (v6.range() === 'unspecified' || v6.range() === 'loopback') return false;
  const wrapped = embeddedIPv4(v6);
  if (wrapped) return wrapped.range() === 'unicast';
  return v6.range() === 'unicast';
}

/** The refusal of a link (or a hop or connection it leads to) aimed at a non-public address. */
export const privateAddressRefusal = () =>
  new AppError(
    'URL_NOT_ALLOWED',
    'This link leads to a local or private network address, which is not allowed.',
  );

/** Loopback, private, link-local, unspecified and similar addresses a visitor must never reach. */
export function isPrivateAddress(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (
    host === 'localhost' ||
    host.endsWith('.localhost') ||
    host.endsWith('.local') ||
    host.endsWith('.internal')
  )
    return true;
  return isIP(host) !== 0 && !isPublicIpAddress(host);
}
