import { describe, expect, it } from 'vitest';
import { createQueryClient, queryRetryDelay } from './query-client';

describe('query policy', () => {
  it('waits 1 s, doubling, capped at 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 6].map(queryRetryDelay)).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
  });

  it('retries queries 3 times, never mutations, and collects unused data after 5 minutes', () => {
    const defaults = createQueryClient(false).getDefaultOptions();
    expect(defaults.queries).toMatchObject({ retry: 3, gcTime: 300000 });
    expect(defaults.mutations?.retry).toBe(false);
  });

  it('keeps no cache timer when rendering on the server, so the prerender exits at once', () => {
    expect(createQueryClient(true).getDefaultOptions().queries?.gcTime).toBe(Infinity);
  });
});
