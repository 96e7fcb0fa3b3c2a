// URL safety, checked before yt-dlp ever starts: http(s) only, never an option-like text, the host
// must belong to the page's platform, and loopback or private addresses are refused unless the
// offline-testing switch names that host.
import { hostMatches, linkBelongsTo, type Platform, type TestHosts } from '@grabbit/catalog';
import type { ErrorCode } from '@grabbit/contracts';
import { AppError } from '../core/app-error';
import { isPrivateAddress, isTestHost } from '../net/addresses';

export interface CheckedUrl {
  url: string;
  /** The host is one of MEDIA_TEST_HOSTS: yt-dlp's generic extractor may fetch it. */
  isTestHost: boolean;
}

export interface DurationLimit {
  seconds: number;
  /** The refusal when the media is longer (or live); the generic limit message otherwise. */
  refusal?: { code: ErrorCode; message: string };
}

/** How long a link's media may be: the configured limit, or the platform's long-media rule. */
export function durationLimitFor(url: string, platform: Platform, maxSeconds: number): DurationLimit {
  const rule = platform.longMediaRule;
  if (!rule?.pattern.test(url)) return { seconds: maxSeconds };
  return {
    seconds: Math.min(maxSeconds, rule.maxSeconds),
    refusal: { code: 'UNSUPPORTED_URL', message: rule.message },
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
