// The one way the server fetches an address a visitor gave it (short links, preview pictures):
// undici over a connection whose own DNS lookup refuses loopback, private and link-local
// addresses (checked after resolution, so the address checked is the address used; test hosts
// excepted), and redirects followed by hand, a bounded number, each hop checked like a pasted link.
import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from 'node:dns';
import type { LookupFunction } from 'node:net';
import type { TestHosts } from '@grabbit/catalog';
import type { Dispatcher } from 'undici';
import { AppError } from '../core/app-error';
import { isPrivateAddress, isTestHost, privateAddressRefusal } from './addresses';

export type Lookup = (
  hostname: string,
  options: LookupOptions & { all: true },
  callback: (error: NodeJS.ErrnoException | null, addresses: LookupAddress[]) => void,
) => void;

export interface GuardedFetchOptions {
  testHosts: TestHosts;
  signal: AbortSignal;
  headers: Record<string, string>;
  /** Redirects followed at most; one more is `tooManyHops()`. */
  maxHops: number;
  tooManyHops: () => AppError;
  /** Whether a redirect to `next` is followed (default: always); else it is the answer. */
  follows?: (next: URL) => boolean;
  /** Ask with HEAD, and again with GET where HEAD is refused: the body is never wanted. */
  headFirst?: boolean;
  /** DNS lookup; tests pass their own to point names at the local fixture. */
  lookup?: Lookup;
  /** A body to POST (a webhook's event) instead of asking with GET. */
  body?: string;
}

export interface GuardedAnswer {
  /** The address that gave this answer. */
  url: URL;
  status: number;
  headers: Dispatcher.ResponseData['headers'];
  /** The body, to read or to `discard`. */
  body: Dispatcher.ResponseData['body'];
}

const redirectStatuses = new Set([301, 302, 303, 307, 308]);
/** Answers that mean "no HEAD here": the hop is asked again with GET. */
const headRefused = new Set([400, 403, 405, 501]);

/** Refuses a hop that a pasted link could not be either; tells whether it may use private addresses. */
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

/** A DNS lookup that fails when any address of the name is loopback, private or link-local. */
function guardedLookup(lookup: Lookup, allowPrivate: boolean): LookupFunction {
  return (hostname, options, callback) => {
    lookup(hostname, { ...options, all: true }, (error, addresses) => {
      const done = callback as (
        error: Error | null,
        address: string | LookupAddress[],
        family?: number,
      ) => void;
      if (error) return done(error, '', 0);
      const first = addresses[0];
      if (!first)
        return done(Object.assign(new Error(`No address for ${hostname}`), { code: 'ENOTFOUND' }), '', 0);
      if (!allowPrivate && addresses.some((a) => isPrivateAddress(a.address)))
        return done(privateAddressRefusal(), '', 0);
      return options.all ? done(null, addresses) : done(null, first.address, first.family);
    });
  };
}

/** Drops an answer's body unread (undici reports a destroyed body as an error: it is expected). */
export function discard(answer: GuardedAnswer): void {
  answer.body.on('error', () => undefined).destroy();
}

/** One hop's answer, on a connection of its own that closes once the answer is read. */
async function ask(
  url: URL,
  method: 'HEAD' | 'GET' | 'POST',
  options: GuardedFetchOptions,
): Promise<GuardedAnswer> {
  const allowPrivate = checkHop(url, url.href, options.testHosts);
  const lookup = guardedLookup(options.lookup ?? (dnsLookup as Lookup), allowPrivate);
  // undici is loaded on the first fetch, not at start-up: its hundred-odd modules are a tenth of
  // the server's start, for calls that only some downloads, previews and webhooks make.
  const { Agent, request } = await import('undici');
  const agent = new Agent({ connect: { lookup } });
  try {
    const answer = await request(url, {
      method,
      dispatcher: agent,
      signal: options.signal,
      headers: options.headers,
      ...(method === 'POST' ? { body: options.body } : {}),
    });
    return { url, status: answer.statusCode, headers: answer.headers, body: answer.body };
  } catch (error) {
    // The lookup's refusal may come back wrapped in the connection's error.
    const cause = (error as { cause?: unknown }).cause;
    throw cause instanceof AppError ? cause : error;
  } finally {
    // Closes once the answer's body is read or destroyed.
    void agent.close();
  }
}

async function askHop(url: URL, options: GuardedFetchOptions): Promise<GuardedAnswer> {
  if (options.body !== undefined) return ask(url, 'POST', options);
  if (!options.headFirst) return ask(url, 'GET', options);
  const answer = await ask(url, 'HEAD', options);
  if (!headRefused.has(answer.status)) return answer;
  discard(answer);
  return ask(url, 'GET', options);
}

function redirectTarget(answer: GuardedAnswer): string | undefined {
  const location = answer.headers.location;
  return redirectStatuses.has(answer.status) && typeof location === 'string' ? location : undefined;
}

/**
 * Fetches `start` (checked like every hop), following redirects while `follows` says so. The
 * answer is the last response: a page, an error, or a redirect not followed (its target checked).
 */
export async function guardedFetch(start: URL, options: GuardedFetchOptions): Promise<GuardedAnswer> {
  let url = start;
  for (let hop = 0; ; hop += 1) {
    const answer = await askHop(url, options);
    const location = redirectTarget(answer);
    if (location === undefined) return answer;
    discard(answer);
    if (hop >= options.maxHops) throw options.tooManyHops();
    const next = new URL(location, url);
    checkHop(next, location, options.testHosts);
    if (options.follows && !options.follows(next)) return answer;
    url = next;
  }
}

/** Where a redirect answer leads (its target already checked by guardedFetch). */
export function redirectedTo(answer: GuardedAnswer): URL | undefined {
  const location = redirectTarget(answer);
  return location === undefined ? undefined : new URL(location, answer.url);
}
