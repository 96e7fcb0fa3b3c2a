import { describe, expect, it } from 'vitest';
import { adKeyFor, adKeySetForPath, adScriptUrl, parseAdKeys } from './ad-keys';

const settings = {
  networkUrl: 'http://127.0.0.1:9/ads/',
  regularKeys: '728x90:reg728, 300x250=reg300',
  adultKeys: '728x90:adu728',
};

describe('ad keys', () => {
  it('parses one key per size and skips malformed entries', () => {
    expect(parseAdKeys('728x90:a, 160x600=b-c,bad,:x')).toEqual({ '728x90': 'a', '160x600': 'b-c' });
    expect(parseAdKeys('')).toEqual({});
  });

  it('uses the adult set on the six adult routes only', () => {
    const adult = [
      '/pornhub-downloader',
      '/xvideos-downloader',
      '/xhamster-downloader',
      '/redgifs-downloader',
      '/youporn-downloader',
      '/spankbang-downloader/',
    ];
    expect(adult.map(adKeySetForPath)).toEqual(Array(6).fill('adult'));
    expect(['/', '/youtube-downloader', '/png-converter'].map(adKeySetForPath)).toEqual([
      'regular',
      'regular',
      'regular',
    ]);
    expect(adKeyFor(settings, '/xvideos-downloader', '728x90')).toBe('adu728');
    expect(adKeyFor(settings, '/youtube-downloader', '728x90')).toBe('reg728');
  });

  it('gives no key (a placeholder) for unserved sizes, missing keys or no network', () => {
    expect(adKeyFor(settings, '/', '300x600')).toBeUndefined();
    expect(adKeyFor(settings, '/xvideos-downloader', '300x250')).toBeUndefined();
    expect(adKeyFor({ ...settings, networkUrl: '' }, '/', '728x90')).toBeUndefined();
    expect(adKeyFor(undefined, '/', '728x90')).toBeUndefined();
  });

  it('builds the script path containing the key', () => {
    expect(adScriptUrl(settings.networkUrl, 'reg728')).toBe('http://127.0.0.1:9/ads/reg728/invoke.js');
  });
});
