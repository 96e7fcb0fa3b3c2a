import { describe, expect, it } from 'vitest';
import { hubAddress, parseProgressEvent } from './conversion-progress';

describe('conversion progress helpers', () => {
  it('splits the hub URL into origin and socket.io path', () => {
    expect(hubAddress('http://127.0.0.1:5000/hubs/downloads')).toEqual({ origin: 'http://127.0.0.1:5000', path: '/hubs/downloads' });
    expect(hubAddress('https://api.example.com/')).toEqual({ origin: 'https://api.example.com', path: '/hubs/downloads' });
  });

  it('accepts only well-formed progress events', () => {
    expect(parseProgressEvent({ percent: 12.5, stage: 'converting' })).toEqual({ percent: 12.5, stage: 'converting' });
    expect(parseProgressEvent({ percent: Number.NaN, stage: 'converting' })).toBeUndefined();
    expect(parseProgressEvent({ percent: 5, stage: 'dancing' })).toBeUndefined();
    expect(parseProgressEvent({ percent: 101, stage: 'converting' })).toBeUndefined();
    expect(parseProgressEvent(null)).toBeUndefined();
  });
});
