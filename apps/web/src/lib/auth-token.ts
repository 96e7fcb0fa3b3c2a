// The visitor's bearer token (an API key kept in local storage under `auth_token`). A token the
// server refuses (401 INVALID_API_KEY: an old key, a key from a test) is dropped, and the call is
// made again as an anonymous visitor: a stale token must never lock a visitor out of the site.
import { authTokenStorageKey } from '@grabbit/catalog';
import type { ErrorCode } from '@grabbit/contracts';

export function storedAuthToken(): string | undefined {
  try {
    return window.localStorage.getItem(authTokenStorageKey) ?? undefined;
  } catch {
    // Storage can be blocked (private modes, sandboxed frames): no token then.
    return undefined;
  }
}

function forgetAuthToken(): void {
  try {
    window.localStorage.removeItem(authTokenStorageKey);
  } catch {
    // Nothing stored that could be removed.
  }
}

const refusedTokenCode: ErrorCode = 'INVALID_API_KEY';

/**
 * True when an answer refused the token the call sent: the token is dropped and the caller retries
 * once without it.
 */
export function dropRefusedToken(sentToken: string | undefined, status: number, code: unknown): boolean {
  if (!sentToken || status !== 401 || code !== refusedTokenCode) return false;
  console.warn('The stored API key was refused; continuing as an anonymous visitor.');
  forgetAuthToken();
  return true;
}
