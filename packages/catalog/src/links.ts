// Link rules: which downloader page a pasted link belongs to, and what kind of link it is.
import { platforms, type Platform, type PlatformId } from './platforms';

const platformByHost = new Map<string, Platform>(
  platforms.flatMap((platform) => platform.hosts.map((host) => [host, platform] as const)),
);

/** A link as typed, with https:// in front when it has no scheme (youtube.com/watch?v=...). */
export function withScheme(link: string): string {
  const text = link.trim();
  return /^[a-z][a-z\d+.-]*:\/\//i.test(text) ? text : `https://${text}`;
}

/** The host of a link, lowercase, without a trailing dot; a missing scheme is taken as https. */
export function linkHost(link: string): string | undefined {
  const text = link.trim();
  if (!text) return undefined;
  try {
    return new URL(withScheme(text)).hostname.toLowerCase().replace(/\.$/, '') || undefined;
  } catch {
    return undefined;
  }
}

/** Host suffixes from the longest down: m.youtube.com, youtube.com, com. */
function hostSuffixes(host: string): string[] {
  const labels = host.split('.');
  return labels.map((_, i) => labels.slice(i).join('.'));
}

/** Whether `host` is `domain` or one of its subdomains. */
export function hostMatches(host: string, domain: string): boolean {
  return host === domain || host.endsWith(`.${domain}`);
}

/** The platform a link maps to, walking from the longest host suffix down. */
export function platformForLink(link: string): Platform | undefined {
  const host = linkHost(link);
  if (!host || !host.includes('.')) return undefined;
  for (const suffix of hostSuffixes(host)) {
    const platform = platformByHost.get(suffix);
    if (platform) return platform;
  }
  return undefined;
}

/**
 * Test hosts ("host" or "host:port") that count as belonging to every platform. Only ever set by
 * the server's offline-testing switch, which production refuses.
 */
export type TestHosts = readonly string[];

function isTestHostLink(link: string, testHosts: TestHosts): boolean {
  if (testHosts.length === 0) return false;
  const text = link.trim();
  try {
    const url = new URL(/^[a-z]+:\/\//i.test(text) ? text : `http://${text}`);
    const host = url.hostname.toLowerCase();
    return testHosts.some(
      (entry) => entry.toLowerCase() === host || entry.toLowerCase() === url.host.toLowerCase(),
    );
  } catch {
    return false;
  }
}

/** Whether a link belongs to a platform's downloader page. */
export function linkBelongsTo(link: string, platformId: PlatformId, testHosts: TestHosts = []): boolean {
  if (isTestHostLink(link, testHosts)) return true;
  return platformForLink(link)?.id === platformId;
}

const playlistIdPattern = /[?&]list=([A-Za-z0-9_-]+)/;

/** A link of a platform with playlists (YouTube; or a test-host link) with a list= parameter. */
export function isPlaylistLink(link: string, testHosts: TestHosts = []): boolean {
  if (!playlistIdPattern.test(link)) return false;
  return platforms.some((platform) => platform.playlists && linkBelongsTo(link, platform.id, testHosts));
}

/** Whether a link on a page is handled as a multi-media post. */
export function isMultiMediaLink(link: string, pagePlatform?: Platform, testHosts: TestHosts = []): boolean {
  if (pagePlatform?.multiMedia === 'always') return true;
  if (pagePlatform && isTestHostLink(link, testHosts)) return pagePlatform.multiMedia !== 'never';
  const platform = platformForLink(link);
  return platform?.postLinks === true;
}
