import { describe, expect, it } from 'vitest';
import { MemoryRateCounter } from './rate-counter';

describe('memory rate counter', () => {
  it('counts hits per key within a window and starts again once it ended', async () => {
    const counter = new MemoryRateCounter();
    expect((await counter.hit('a', 50)).current).toBe(1);
    const second = await counter.hit('a', 50);
    expect(second.current).toBe(2);
    expect(second.ttlMs).toBeGreaterThan(0);
    expect(second.ttlMs).toBeLessThanOrEqual(50);
    expect((await counter.hit('b', 50)).current).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect((await counter.hit('a', 50)).current).toBe(1);
  });
});
