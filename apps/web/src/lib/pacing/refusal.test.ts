import { describe, expect, it } from 'vitest';
import { hintedWaitMs, retryDelayMs } from './refusal';

describe('hintedWaitMs', () => {
  it('reads Retry-After in seconds or as a date, else the RateLimit reset', () => {
    expect(hintedWaitMs({ retryAfter: '7' })).toBe(7000);
    expect(hintedWaitMs({ retryAfter: new Date(10_000).toUTCString() }, 4000)).toBe(6000);
    expect(hintedWaitMs({ rateLimitReset: '12' })).toBe(12_000);
    expect(hintedWaitMs({ rateLimit: 'limit=10, remaining=0, reset=30' })).toBe(30_000);
    expect(hintedWaitMs({})).toBeUndefined();
  });
});

describe('retryDelayMs', () => {
  const limited = { status: 429, code: 'RATE_LIMITED', hints: { retryAfter: '3' } };

  it('waits as asked (a moment more) for pacing refusals', () => {
    expect(retryDelayMs(limited, 0)).toBe(3250);
    expect(retryDelayMs({ status: 429, code: 'TOO_MANY_ACTIVE_JOBS' }, 0)).toBe(2250);
    expect(retryDelayMs({ status: 429, code: 'TOO_MANY_ACTIVE_JOBS' }, 2)).toBe(6250);
  });

  it('gives up on other answers and after the last attempt', () => {
    expect(retryDelayMs({ status: 400, code: 'UNSUPPORTED_URL' }, 0)).toBeUndefined();
    expect(retryDelayMs({ status: 429, code: 'FEATURE_NOT_ALLOWED' }, 0)).toBeUndefined();
    expect(retryDelayMs(limited, 11)).toBeUndefined();
  });

  it('never waits longer than a minute and a bit at once', () => {
    expect(retryDelayMs({ ...limited, hints: { retryAfter: '3600' } }, 0)).toBe(65_000);
  });
});
