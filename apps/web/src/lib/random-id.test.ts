import { describe, expect, it } from 'vitest';
import { randomId } from './random-id';

describe('random id', () => {
  it('matches the progress id rule and differs each time', () => {
    const ids = new Set(Array.from({ length: 50 }, () => randomId()));
    expect(ids.size).toBe(50);
    for (const id of ids) expect(id).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
  });
});
