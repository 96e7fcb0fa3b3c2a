// Short and mirror links (the catalog's redirectLinks: fb.watch, redgifs.io, spankbang.party ...)
// are followed to the page they stand for before yt-dlp starts, because yt-dlp only runs the
// platform's own extractors and those do not list these hosts. Following a visitor's link is a
// server-side request, so it goes through the guarded fetch (net/guarded-fetch.ts): every hop is
// checked like a pasted link and its host must resolve to public addresses only. Loopback and
// private addresses pass only for MEDIA_TEST_HOSTS. At most 5 hops in 10 s; the page reached
// must belong to the same platform.
import { linkBelongsTo, type Platform, type TestHosts } from '@grabbit/catalog';
import { AppError } from '../core/app-error';
import { discard, guardedFetch, redirectedTo, type Lookup } from '../net/guarded-fetch';
import { checkDownloadUrl, needsRedirectResolution } from './url-rules';

export interface ResolveOptions {
  platform: Platform;
  testHosts: TestHosts;
  signal?: AbortSignal;
  maxHops?: number;
  timeoutMs?: number;
  /** DNS lookup; tests pass their own to point names at the local fixture. */
  lookup?: Lookup;
}

const userAgent =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36';

const unreachable = () =>
  new AppError(
    'DOWNLOAD_FAILED',
    'This short link could not be opened. Paste the full address of the video page instead.',
  );

/** The link to hand to yt-dlp: aliases applied, redirect links followed to the page they stand for. */
export async function resolveLink(link: string, options: ResolveOptions): Promise<string> {
  const { platform, testHosts } = options;
  let current = new URL(link);
  if (needsRedirectResolution(current, platform)) {
    const deadline = AbortSignal.timeout(options.timeoutMs ?? 10_000);
    const signal = options.signal ? AbortSignal.any([options.signal, deadline]) : deadline;
    current = await followRedirects(current, options, signal);
    if (!linkBelongsTo(current.href, platform.id, testHosts)) {
      throw new AppError('UNSUPPORTED_URL', `This link leads to a page that is not on ${platform.name}.`);
    }
  }
  // The page reached must pass every rule a pasted link must pass (Twitch refusals included).
  return checkDownloadUrl(current.href, platform, testHosts).url;
}

/**
 * Follows redirects while the link is still a redirect link. The first address that is not one
 * is the page itself and is not fetched here: yt-dlp reads it (and a site may answer a bare
 * request for it with a login redirect that must not be followed). The bodies are never read.
 */
async function followRedirects(start: URL, options: ResolveOptions, signal: AbortSignal): Promise<URL> {
  let answer;
  try {
    answer = await guardedFetch(start, {
      testHosts: options.testHosts,
      signal,
      headers: { 'user-agent': userAgent, accept: '*/*' },
      maxHops: options.maxHops ?? 5,
      tooManyHops: () => new AppError('UNSUPPORTED_URL', 'This link redirects too many times.'),
      follows: (next) => needsRedirectResolution(next, options.platform),
      headFirst: true,
      lookup: options.lookup,
    });
  } catch (error) {
    if (error instanceof AppError) throw error;
    if (signal.aborted && !options.signal?.aborted) {
      throw new AppError(
        'DOWNLOAD_TIMEOUT',
        'This short link took too long to answer. Paste the full address of the video page instead.',
      );
    }
    throw unreachable();
  }
  discard(answer);
  const page = redirectedTo(answer);
  if (!page) {
    throw new AppError(
      'UNSUPPORTED_URL',
      `This short link did not lead to a ${options.platform.name} page. Paste the full address of the video page instead.`,
    );
  }
  return page;
}
