// Short and mirror links (the catalog's redirectLinks: fb.watch, redgifs.io, spankbang.party ...)
// are followed to the page they stand for before yt-dlp starts, because yt-dlp only runs the
// platform's own extractors and those do not list these hosts. Following a visitor's link is a
// server-side request, so every hop is checked like a pasted link: http(s) only, never
// option-like, and its host must resolve to public addresses only (checked inside the
// connection's own DNS lookup, so the address checked is the address used). Loopback and
// private addresses pass only for MEDIA_TEST_HOSTS. At most 5 hops in 10 s; the page reached
// must belong to the same platform.
import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from 'node:dns';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import { linkBelongsTo, type Platform, type TestHosts } from '@grabbit/catalog';
import { AppError } from '../core/app-error';
import { isPrivateAddress, isTestHost, privateAddressRefusal } from '../net/addresses';
import { checkDownloadUrl, needsRedirectResolution } from './url-rules';

export type Lookup = (
  hostname: string,
  options: LookupOptions & { all: true },
  callback: (error: NodeJS.ErrnoException | null, addresses: LookupAddress[]) => void,
) => void;

export interface ResolveOptions {
  platform: Platform;
  testHosts: TestHosts;
  signal?: AbortSignal;
  maxHops?: number;
  timeoutMs?: number;
  /** DNS lookup; tests pass their own to point names at the local fixture. */
  lookup?: Lookup;
}

const redirectStatuses = new Set([301, 302, 303, 307, 308]);
/** Answers that mean "no HEAD here": the hop is asked again with GET. */
const headRefused = new Set([400, 403, 405, 501]);
const userAgent =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36';

const unreachable = () =>
  new AppError(
    'DOWNLOAD_FAILED',
    'This short link could not be opened. Paste the full address of the video page instead.',
  );

/** A DNS lookup that fails when any address of the name is loopback, private or link-local. */
export function guardedLookup(lookup: Lookup, allowPrivate: boolean): LookupFunction {
  return (hostname, options, callback) => {
    lookup(hostname, { ...options, all: true }, (error, addresses) => {
      const done = callback as (
        error: Error | null,
        address: string | LookupAddress[],
        family?: number,
      ) => void;
      if (error) return done(error, '', 0);
      const first = addresses[0];
      if (!first) return done(unreachable(), '', 0);
      if (!allowPrivate && addresses.some((a) => isPrivateAddress(a.address)))
        return done(privateAddressRefusal(), '', 0);
      return options.all ? done(null, addresses) : done(null, first.address, first.family);
    });
  };
}

/** One hop's answer: its status and, for redirects, where to. The body is never read. */
function askHop(
  url: URL,
  method: 'HEAD' | 'GET',
  lookup: LookupFunction,
  signal: AbortSignal,
): Promise<{ status: number; location?: string }> {
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const request = send(
      url,
      { method, lookup, signal, agent: false, headers: { 'user-agent': userAgent, accept: '*/*' } },
      (response) => {
        resolve({ status: response.statusCode ?? 0, location: response.headers.location });
        response.destroy();
      },
    );
    request.on('error', reject);
    request.end();
  });
}

/** Refuses a hop that a pasted link could not be either. */
export function checkHop(url: URL, raw: string, testHosts: TestHosts): boolean {
  if (
    raw.trim().startsWith('-') ||
    (url.protocol !== 'http:' && url.protocol !== 'https:') ||
    url.username ||
    url.password
  ) {
    throw new AppError('URL_NOT_ALLOWED', 'This link redirects to an address that cannot be downloaded.');
  }
  const allowPrivate = isTestHost(url, testHosts);
  if (!allowPrivate && isPrivateAddress(url.hostname)) throw privateAddressRefusal();
  return allowPrivate;
}

/** The link to hand to yt-dlp: aliases applied, redirect links followed to the page they stand for. */
export async function resolveLink(link: string, options: ResolveOptions): Promise<string> {
  const { platform, testHosts } = options;
  let current = new URL(link);
  if (needsRedirectResolution(current, platform)) {
    const deadline = AbortSignal.timeout(options.timeoutMs ?? 10_000);
    const signal = options.signal ? AbortSignal.any([options.signal, deadline]) : deadline;
    current = await followRedirects(current, options, signal, options.maxHops ?? 5);
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
 * request for it with a login redirect that must not be followed).
 */
async function followRedirects(
  start: URL,
  options: ResolveOptions,
  signal: AbortSignal,
  maxHops: number,
): Promise<URL> {
  let current = start;
  for (let hop = 0; needsRedirectResolution(current, options.platform); hop += 1) {
    const lookup = guardedLookup(
      options.lookup ?? (dnsLookup as Lookup),
      checkHop(current, current.href, options.testHosts),
    );
    let answer: { status: number; location?: string };
    try {
      answer = await askHop(current, 'HEAD', lookup, signal);
      if (headRefused.has(answer.status)) answer = await askHop(current, 'GET', lookup, signal);
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
    if (!redirectStatuses.has(answer.status) || !answer.location) {
      throw new AppError(
        'UNSUPPORTED_URL',
        `This short link did not lead to a ${options.platform.name} page. Paste the full address of the video page instead.`,
      );
    }
    if (hop >= maxHops) throw new AppError('UNSUPPORTED_URL', 'This link redirects too many times.');
    let next: URL;
    try {
      next = new URL(answer.location, current);
    } catch {
      throw unreachable();
    }
    checkHop(next, answer.location, options.testHosts);
    current = next;
  }
  return current;
}
