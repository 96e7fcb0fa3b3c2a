// When a refused call is worth trying again, and after how long. The server refuses a visitor that
// goes over a per-client budget with 429: RATE_LIMITED (too many calls or job starts this minute;
// Retry-After and RateLimit-* headers say when the budget refills) or TOO_MANY_ACTIVE_JOBS (all the
// visitor's running-job slots are taken; one frees when a job ends). A normal visitor is paced, not
// failed: the page waits and tries again. Pure, so the rules are unit-tested.
import type { ErrorCode } from '@grabbit/contracts';
import { pacing } from '@grabbit/catalog';

const retryableCodes: readonly ErrorCode[] = ['RATE_LIMITED', 'TOO_MANY_ACTIVE_JOBS', 'BUSY'];

/** What an answer said about waiting: its headers as the page reads them. */
export interface RefusalHints {
  retryAfter?: string | null;
  /** RateLimit-Reset (seconds until the window refills). */
  rateLimitReset?: string | null;
  /** The combined draft header `RateLimit: limit=10, remaining=0, reset=30`. */
  rateLimit?: string | null;
}

/** Seconds (or an HTTP date) of Retry-After, else the reset of the RateLimit headers, in ms. */
export function hintedWaitMs(hints: RefusalHints, now: number = Date.now()): number | undefined {
  const retryAfter = hints.retryAfter?.trim();
  if (retryAfter) {
    if (/^\d+(\.\d+)?$/.test(retryAfter)) return Number(retryAfter) * 1000;
    const at = Date.parse(retryAfter);
    if (!Number.isNaN(at)) return Math.max(0, at - now);
  }
  const reset = hints.rateLimitReset?.trim() ?? /(?:^|[;,\s])reset=(\d+)/.exec(hints.rateLimit ?? '')?.[1];
  if (reset && /^\d+$/.test(reset)) return Number(reset) * 1000;
  return undefined;
}

/**
 * How long to wait before attempt `attempt + 1` of a refused call (attempt counts from 0), or
 * undefined when the refusal is final (another status or code, or too many attempts already).
 */
export function retryDelayMs(
  refusal: { status?: number; code?: string; hints?: RefusalHints },
  attempt: number,
  now: number = Date.now(),
): number | undefined {
  if (refusal.status !== 429 && refusal.status !== 503) return undefined;
  if (refusal.code !== undefined && !retryableCodes.includes(refusal.code as ErrorCode)) return undefined;
  if (attempt + 1 >= pacing.maxAttempts) return undefined;
  const hinted = refusal.hints ? hintedWaitMs(refusal.hints, now) : undefined;
  // No hint (a running-job slot frees whenever a job ends): a little longer each time.
  const wait = hinted ?? pacing.retryWithoutHintMs * Math.min(attempt + 1, 5);
  // A moment more than asked, so the refilled window has surely begun.
  return Math.min(wait + 250, pacing.maxWaitMs);
}

/** Waits `ms`, or rejects with the signal's reason once it aborts. */
export function waitFor(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason as Error);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason as Error);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
