import { describe, expect, it } from 'vitest';
import { converterById, converterCanonicalPath } from './converters';
import { routeForPath, routes } from './routes';
import { allSpecPaths, specRoutes } from './spec-routes.test-support';

describe('route table', () => {
  it('holds exactly the spec routes, each once', () => {
    expect(routes.map((r) => r.path).sort()).toEqual([...allSpecPaths].sort());
  });

  it.each(allSpecPaths)('%s has a title, description, keywords and canonical', (path) => {
    const route = routeForPath(path);
    expect(route?.path).toBe(path);
    expect(route?.title.length).toBeGreaterThan(10);
    expect(route?.description.length).toBeGreaterThan(40);
    expect(route?.keywords.length).toBeGreaterThanOrEqual(3);
    expect(route?.canonical).toMatch(/^\//);
    expect(route?.heading.length).toBeGreaterThan(3);
  });

  it('titles and descriptions are unique across pages', () => {
    expect(new Set(routes.map((r) => r.title)).size).toBe(routes.length);
    expect(new Set(routes.map((r) => r.description)).size).toBe(routes.length);
  });

  it('downloader titles read "Download X Videos - Free ..."', () => {
    for (const path of [...specRoutes.regular, ...specRoutes.adult]) {
      expect(routeForPath(path)?.title).toMatch(/^Download \S+ Videos - Free .+/);
      expect(routeForPath(path)?.canonical).toBe(path);
    }
    expect(routeForPath('/youtube-downloader')?.title).toBe(
      'Download YouTube Videos - Free YouTube Video Downloader Online',
    );
  });

  it('converter titles read "Convert ... - Free Online ... Converter" with canonicals under /{kind}-converter/{format}', () => {
    const kinds = { image: specRoutes.image, video: specRoutes.video, audio: specRoutes.audio };
    for (const [kind, paths] of Object.entries(kinds)) {
      for (const path of paths) {
        const route = routeForPath(path);
        const format = path.slice(1).replace(/-converter$/, '');
        expect(route?.title).toMatch(/^Convert .+ - Free Online .+ Converter$/);
        expect(route?.canonical).toBe(`/${kind}-converter/${format}`);
        // The canonical address serves the same page.
        expect(routeForPath(`/${kind}-converter/${format}`)).toBe(route);
      }
    }
    expect(routeForPath('/png-converter')?.title).toBe('Convert PNG Images - Free Online PNG Converter');
    const heif = converterById('heif');
    expect(heif && converterCanonicalPath(heif)).toBe('/image-converter/heif');
  });

  it('home title names the free video downloader and converter platform', () => {
    expect(routeForPath('/')?.title.toLowerCase()).toContain('free video downloader and converter platform');
  });

  it('RedGifs has its own search metadata', () => {
    const redgifs = routeForPath('/redgifs-downloader');
    const pornhub = routeForPath('/pornhub-downloader');
    expect(redgifs?.keywords).toContain('redgifs gif download');
    expect(redgifs?.description).not.toBe(pornhub?.description.replace(/Pornhub/g, 'RedGifs'));
  });

  it('watermark-free claims appear only on TikTok and Twitter', () => {
    const withClaim = routes.filter((r) => /watermark/i.test(r.description)).map((r) => r.path);
    expect(withClaim.sort()).toEqual(['/tiktok-downloader', '/twitter-downloader']);
  });

  it('path lookup ignores a trailing slash and case, and knows no other paths', () => {
    expect(routeForPath('/YouTube-Downloader/')?.path).toBe('/youtube-downloader');
    expect(routeForPath('/nope')).toBeUndefined();
    expect(routeForPath('/image-converter/mp3')).toBeUndefined();
  });
});
