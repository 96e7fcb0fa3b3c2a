import { describe, expect, it } from 'vitest';
import { adSlotSizes, isServedAdSize } from './ads';
import { downloaderFormatOptions, platformById, platformByRoute, platforms } from './platforms';

const adultIds = ['pornhub', 'xvideos', 'xhamster', 'redgifs', 'youporn', 'spankbang'];

describe('platforms', () => {
  it('are the 14 spec sites, six of them adult', () => {
    expect(platforms).toHaveLength(14);
    expect(
      platforms
        .filter((p) => p.adult)
        .map((p) => p.id)
        .sort(),
    ).toEqual([...adultIds].sort());
    for (const p of platforms) {
      expect(p.route).toBe(`/${p.id}-downloader`);
      expect(platformById(p.id)).toBe(p);
      expect(platformByRoute(p.route)).toBe(p);
    }
  });

  it('hosts are lowercase registrable domains, each owned by one platform', () => {
    const all = platforms.flatMap((p) => p.hosts);
    expect(new Set(all).size).toBe(all.length);
    for (const host of all) expect(host).toMatch(/^[a-z0-9-]+(\.[a-z0-9-]+)+$/);
  });

  it('extractors are named and never generic (checked against the real yt-dlp in apps/server/test)', () => {
    for (const p of platforms) {
      expect(p.extractors.length).toBeGreaterThan(0);
      for (const name of p.extractors) expect(name.toLowerCase()).not.toBe('generic');
    }
  });

  it('the placeholder example of each page maps back to the page', async () => {
    const { platformForLink } = await import('./links');
    for (const p of platforms) expect(platformForLink(p.placeholder)).toBe(p);
  });

  it('keeps the rules that differ between sites as fields of their entries', () => {
    const idsWith = (has: (p: (typeof platforms)[number]) => unknown) =>
      platforms.filter((p) => has(p)).map((p) => p.id);
    expect(idsWith((p) => p.playlists)).toEqual(['youtube']);
    expect(idsWith((p) => p.sessionCookie)).toEqual(['instagram']);
    expect(platformById('instagram')?.sessionCookie?.domain).toBe('.instagram.com');
    expect(idsWith((p) => p.postLinks)).toEqual(['instagram', 'facebook', 'reddit']);
    expect(idsWith((p) => p.watermarkFree)).toEqual(['tiktok', 'twitter']);
    expect(idsWith((p) => p.watermarkFree?.watermarkedFormatId)).toEqual(['tiktok']);
    expect(idsWith((p) => p.longMediaRule)).toEqual(['twitch']);
  });

  it('offers the spec downloader formats: MP4 (HD, Full HD), MP3, WEBM, M4A, MOV, MKV', () => {
    expect(downloaderFormatOptions.map((o) => o.value)).toEqual(['mp4', 'mp3', 'webm', 'm4a', 'mov', 'mkv']);
    expect(downloaderFormatOptions[0]?.label).toContain('HD');
  });
});

describe('ad slots', () => {
  it('serve the spec sizes and nothing else', () => {
    expect([...adSlotSizes]).toEqual([
      '728x90',
      '970x90',
      '300x250',
      '160x600',
      '320x50',
      '160x300',
      '468x60',
    ]);
    expect(isServedAdSize('970x90')).toBe(true);
    expect(isServedAdSize('100x100')).toBe(false);
  });
});
