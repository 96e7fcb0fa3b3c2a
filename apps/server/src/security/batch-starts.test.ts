import { describe, expect, it } from 'vitest';
import { BatchStarts } from './batch-starts';

describe('batch starts', () => {
  it("covers a paid batch's further starts for its client only", () => {
    const starts = new BatchStarts();
    expect(starts.covers('a', 'batch-0001', 0)).toBe(false);
    starts.paid('a', 'batch-0001', 0);
    expect(starts.covers('a', 'batch-0001', 1)).toBe(true);
    expect(starts.covers('b', 'batch-0001', 1)).toBe(false);
    expect(starts.covers('a', 'batch-0002', 1)).toBe(false);
  });

  it('is bounded in starts, time and remembered batches', () => {
    const starts = new BatchStarts({ maxStarts: 3, ttlMs: 1000, maxBatches: 2 });
    starts.paid('a', 'batch-0001', 0);
    expect([1, 2, 3].map((t) => starts.covers('a', 'batch-0001', t))).toEqual([true, true, false]);
    starts.paid('a', 'batch-0002', 0);
    expect(starts.covers('a', 'batch-0002', 1000)).toBe(false);
    starts.paid('a', 'batch-0003', 0);
    starts.paid('a', 'batch-0004', 0);
    expect(starts.covers('a', 'batch-0002', 1)).toBe(false);
    expect(starts.covers('a', 'batch-0004', 1)).toBe(true);
  });
});
