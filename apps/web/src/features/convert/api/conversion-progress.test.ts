import { describe, expect, it } from 'vitest';
import { parseProgressEvent } from './conversion-progress';

describe('conversion progress events', () => {
  it('accepts only well-formed progress payloads', () => {
    expect(parseProgressEvent({ percent: 12.5, stage: 'converting' })).toEqual({
      percent: 12.5,
      stage: 'converting',
    });
    expect(parseProgressEvent({ percent: Number.NaN, stage: 'converting' })).toBeUndefined();
    expect(parseProgressEvent({ percent: 5, stage: 'dancing' })).toBeUndefined();
    expect(parseProgressEvent({ percent: 101, stage: 'converting' })).toBeUndefined();
    expect(parseProgressEvent({ percent: '5', stage: 'converting' })).toBeUndefined();
    expect(parseProgressEvent(null)).toBeUndefined();
  });
});
