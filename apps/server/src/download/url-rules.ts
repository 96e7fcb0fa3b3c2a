// URL safety, checked before yt-dlp ever starts: http(s) only, never an option-like text, the host
// must belong to the page's platform, and loopback or private addresses are refused unless the
// offline-testing switch names that host.
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';
import { hostMatches, linkBelongsTo, type Platform, type TestHosts } from '@grabbit/catalog';
import { AppError } from '../http/app-error';

export interface CheckedUrl {
  url: string;
  /** The host is one of MEDIA_TEST_HOSTS: yt-dlp's generic extractor may fetch it. */
  isTestHost: boolean;
}

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

/**
 * Twitch videos (/videos/<id>, the twitch:vod extractor) are past broadcasts, highlights and
 * uploads alike, and yt-dlp cannot tell them apart: it sets was_live to true for every one (in the
 * Debian 2023.03.04 copy and in current sources) and does not pass on Twitch's broadcastType.
 * Length is the one signal it gives, and size is the spec's reason for refusing past
 * broadcasts, so: a Twitch video longer than 1 hour, or still being recorded (is_live), is taken
 * for a full past broadcast and refused before anything is downloaded (yt-dlp's match filter).
 */
export const twitchPastBroadcastRule = {
  maxSeconds: 3600,
  message:
    'Twitch full past broadcasts are not supported (files are too large): paste a clip, or a highlight under 1 hour.',
} as const;

const twitchVideoPattern =
  /^https?:\/\/(?:(?:(?:www|go|m)\.)?twitch\.tv\/(?:[^/]+\/v(?:ideo)?|videos)\/|player\.twitch\.tv\/\?.*?\bvideo=v?)\d+/i;

export interface DurationLimit {
  seconds: number;
  /** The refusal when the media is longer (or live); the generic limit message otherwise. */
  refusal?: AppError;
}

/** How long a link's media may be: the configured limit, or the Twitch past-broadcast rule. */
export function durationLimitFor(url: string, platform: Platform, maxSeconds: number): DurationLimit {
  if (platform.id !== 'twitch' || !twitchVideoPattern.test(url)) return { seconds: maxSeconds };
  return {
    seconds: Math.min(maxSeconds, twitchPastBroadcastRule.maxSeconds),
    refusal: new AppError('UNSUPPORTED_URL', twitchPastBroadcastRule.message, 422),
  };
}

/** Checks a pasted link for a platform's page; throws an AppError a visitor can read. */
export function checkDownloadUrl(raw: string, platform: Platform, testHosts: TestHosts): CheckedUrl {
  const text = raw.trim();
  if (text.startsWith('-'))
    throw new AppError('URL_NOT_ALLOWED', 'This is not a link. Paste the address of a video page.');
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new AppError(
      'UNSUPPORTED_URL',
      'This is not a valid link. Paste the full address, starting with https://',
    );
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new AppError('URL_NOT_ALLOWED', 'Only http and https links can be downloaded.');
  }
  if (url.username || url.password)
    throw new AppError('URL_NOT_ALLOWED', 'Links with a user name or password are not accepted.');
  const testHost = isTestHost(url, testHosts);
  if (!testHost && isPrivateAddress(url.hostname)) {
    throw new AppError('URL_NOT_ALLOWED', 'Links to local or private network addresses are not allowed.');
  }
  if (!linkBelongsTo(url.href, platform.id, testHosts)) {
    throw new AppError('UNSUPPORTED_URL', `This URL is not supported on the ${platform.name} downloader`);
  }
  if (!testHost) {
    const refusal = platform.refusedLinks?.find((rule) => rule.pattern.test(url.href));
    if (refusal) throw new AppError('UNSUPPORTED_URL', refusal.message);
  }
  return { url: url.href, isTestHost: testHost };
}

/** Whether one of the catalog's redirectLinks entries ("host", "*.host", "host/path-prefix") covers a link. */
export function matchesRedirectLink(url: URL, entry: string): boolean {
  const slash = entry.indexOf('/');
  const host = (slash < 0 ? entry : entry.slice(0, slash)).toLowerCase();
  const pathPrefix = slash < 0 ? '/' : entry.slice(slash);
  const linkHost = url.hostname.toLowerCase().replace(/\.$/, '');
  const hostOk = host.startsWith('*.') ? hostMatches(linkHost, host.slice(2)) : linkHost === host;
  return hostOk && url.pathname.startsWith(pathPrefix);
}

/** A link the platform's extractors do not know but whose redirects lead to one they do. */
export function needsRedirectResolution(url: URL, platform: Platform): boolean {
  return (platform.redirectLinks ?? []).some((entry) => matchesRedirectLink(url, entry));
}
