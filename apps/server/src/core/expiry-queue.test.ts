import { describe, expect, it } from 'vitest';
import { ExpiryQueue } from './expiry-queue';

describe('ExpiryQueue', () => {
  it('drops keys past their time oldest first, keeps younger ones and first start times', () => {
    let now = 0;
    const queue = new ExpiryQueue<string>(100, () => now);
    queue.start('a');
    now = 50;
    queue.start('b');
    queue.start('a'); // keeps its first time
    now = 120;
    expect(queue.isExpired('a')).toBe(true);
    expect(queue.isExpired('b')).toBe(false);
    const dropped: string[] = [];
    queue.sweep((key) => dropped.push(key));
    expect(dropped).toEqual(['a']);
    now = 160;
    queue.sweep((key) => dropped.push(key));
    expect(dropped).toEqual(['a', 'b']);
    expect(queue.isExpired('never started')).toBe(false);
  });
});
