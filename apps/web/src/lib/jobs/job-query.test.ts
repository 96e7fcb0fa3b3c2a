import type { Job } from '@grabbit/contracts';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../api-client';
import { readInterval, retryWait, type FollowedJob } from './job-query';

const refused = (status: number, code: string, retryAfter?: string) =>
  new ApiError('refused', 'HTTP_ERROR', status, code, { retryAfter: retryAfter ?? null });

type IntervalQuery = Parameters<typeof readInterval>[0];
const queryAt = (dataUpdateCount: number, status?: Job['status']): IntervalQuery =>
  ({
    state: {
      dataUpdateCount,
      data: status ? ({ job: { status } } as FollowedJob) : undefined,
    },
  }) as IntervalQuery;

describe('reading a followed job', () => {
  it('reads quickly at first, then every 1.5 s, and stops once the job is final', () => {
    expect([0, 1, 2, 3, 4, 9].map((count) => readInterval(queryAt(count, 'running')))).toEqual([
      150, 300, 600, 1200, 1500, 1500,
    ]);
    expect(readInterval(queryAt(0))).toBe(150);
    for (const status of ['done', 'failed', 'cancelled'] as const)
      expect(readInterval(queryAt(3, status))).toBe(false);
  });

  it('waits out a pacing refusal for as long as its Retry-After asks (and a moment more)', () => {
    expect(retryWait(0, refused(429, 'RATE_LIMITED', '3'))).toBe(3250);
    expect(retryWait(0, refused(503, 'BUSY', '1'))).toBe(1250);
  });

  it('gives up on a job that is gone, and on an error that reading again cannot change', () => {
    expect(retryWait(0, refused(404, 'JOB_NOT_FOUND'))).toBeUndefined();
    expect(retryWait(0, refused(400, 'VALIDATION_FAILED'))).toBeUndefined();
    expect(retryWait(0, new Error('not an answer'))).toBeUndefined();
  });

  it('backs off while nothing answers, then gives up after eight missed reads', () => {
    const silent = new ApiError('No response', 'NO_RESPONSE');
    expect([0, 1, 2].map((attempt) => retryWait(attempt, silent))).toEqual([1000, 2000, 4000]);
    expect(retryWait(7, silent)).toBe(30_000);
    expect(retryWait(8, silent)).toBeUndefined();
  });
});
