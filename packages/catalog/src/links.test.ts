import { describe, expect, it } from 'vitest';
import {
  isMultiMediaLink,
  isPlaylistLink,
  linkBelongsTo,
  linkHost,
  platformForLink,
  withScheme,
} from './links';
import { platformById, platforms } from './platforms';

/** The downloader route a link maps to, or undefined (a link without a dot maps to nothing). */
const routeForLink = (link: string) => platformForLink(link)?.route;

// The product's host groups per site, with the {host} placeholders filled from yt-dlp's extractor patterns.
const hostGroups: Record<string, string[]> = {
  '/youtube-downloader': ['youtube.com', 'youtu.be'],
  '/tiktok-downloader': ['tiktok.com'],
  '/instagram-downloader': ['instagram.com'],
  '/twitter-downloader': ['twitter.com', 'x.com'],
  '/vimeo-downloader': ['vimeo.com'],
  '/facebook-downloader': ['facebook.com', 'fb.watch'],
  '/twitch-downloader': ['twitch.tv'],
  '/reddit-downloader': ['reddit.com'],
  '/pornhub-downloader': ['pornhub.com', 'pornhubpremium.com'],
  '/xvideos-downloader': ['xvideos.com'],
  '/xhamster-downloader': ['xhamster.com', 'xhamster.desi', 'xhamster.one', 'xhms.pro'],
  '/redgifs-downloader': ['redgifs.com', 'redgifs.io'],
  '/youporn-downloader': ['youporn.com', 'youpornstaging.com'],
  '/spankbang-downloader': ['spankbang.com', 'spankbang.party'],
};
const hostCases = Object.entries(hostGroups).flatMap(([route, hosts]) =>
  hosts.map((host) => [host, route] as const),
);

describe('link-to-route mapping', () => {
  it('each platform has exactly its spec host group', () => {
    expect(Object.fromEntries(platforms.map((p) => [p.route, [...p.hosts]]))).toEqual(hostGroups);
  });

  it.each(hostCases)('%s maps to %s (bare, www., with and without scheme)', (host, route) => {
    expect(routeForLink(`https://${host}/some/video?id=1`)).toBe(route);
    expect(routeForLink(`http://www.${host}/x`)).toBe(route);
    expect(routeForLink(`${host}/x`)).toBe(route);
    expect(routeForLink(`  HTTPS://${host.toUpperCase()}/x  `)).toBe(route);
  });

  it.each([
    ['https://m.youtube.com/watch?v=dQw4w9WgXcQ', '/youtube-downloader'],
    ['https://music.youtube.com/watch?v=dQw4w9WgXcQ', '/youtube-downloader'],
    ['https://www.tiktok.com/@user/video/1234567890123456789', '/tiktok-downloader'],
    ['https://vm.tiktok.com/ZMabc123/', '/tiktok-downloader'],
    ['https://old.reddit.com/r/videos/comments/abc123/title/', '/reddit-downloader'],
    ['https://clips.twitch.tv/AwkwardHelplessSalamander', '/twitch-downloader'],
    ['https://mobile.twitter.com/user/status/123', '/twitter-downloader'],
    ['https://player.vimeo.com/video/123456789', '/vimeo-downloader'],
    ['https://m.facebook.com/watch/?v=1', '/facebook-downloader'],
    ['https://fr.pornhub.com/view_video.php?viewkey=ph1', '/pornhub-downloader'],
  ])('subdomain link %s maps to %s', (link, route) => {
    expect(routeForLink(link)).toBe(route);
  });

  it.each([
    'https://notyoutube.com/watch?v=dQw4w9WgXcQ',
    'https://youtube.com.evil.example/watch?v=dQw4w9WgXcQ',
    'https://evil-youtube.com/watch',
    'https://tiktok.com.attacker.net/@u/video/1',
    'https://fakex.com/user/status/1',
    'https://example.com/youtube.com/watch?v=1',
    'https://user@evil.example/youtube.com',
  ])('look-alike %s maps to nothing', (link) => {
    expect(routeForLink(link)).toBeUndefined();
  });

  it('a link without a dot maps to nothing', () => {
    expect(routeForLink('youtube')).toBeUndefined();
    expect(routeForLink('https://localhost/watch?v=1')).toBeUndefined();
    expect(routeForLink('')).toBeUndefined();
    expect(routeForLink('   ')).toBeUndefined();
    expect(routeForLink('not a url at all')).toBeUndefined();
  });

  it('reads the host of a link', () => {
    expect(linkHost('https://WWW.YouTube.com./watch')).toBe('www.youtube.com');
    expect(linkHost('youtu.be/abc')).toBe('youtu.be');
    expect(linkHost('')).toBeUndefined();
  });

  it('tells whether a link belongs to a page', () => {
    expect(linkBelongsTo('https://youtu.be/dQw4w9WgXcQ', 'youtube')).toBe(true);
    expect(linkBelongsTo('https://vimeo.com/1', 'youtube')).toBe(false);
    expect(linkBelongsTo('https://x.com/u/status/1', 'twitter')).toBe(true);
  });
});

describe('test hosts (offline testing switch)', () => {
  const testHosts = ['127.0.0.1:5200', 'fixtures.test'];

  it('count as every page when listed, by host or host:port', () => {
    expect(linkBelongsTo('http://127.0.0.1:5200/video.mp4', 'youtube', testHosts)).toBe(true);
    expect(linkBelongsTo('http://127.0.0.1:5200/video.mp4', 'redgifs', testHosts)).toBe(true);
    expect(linkBelongsTo('http://fixtures.test:8080/post', 'instagram', testHosts)).toBe(true);
  });

  it('do nothing when not listed or for another port', () => {
    expect(linkBelongsTo('http://127.0.0.1:5200/video.mp4', 'youtube')).toBe(false);
    expect(linkBelongsTo('http://127.0.0.1:5201/video.mp4', 'youtube', testHosts)).toBe(false);
    expect(linkBelongsTo('http://fixtures.test.evil.example/x', 'youtube', testHosts)).toBe(false);
  });

  it('a test-host link with list= is a playlist on the YouTube page', () => {
    expect(isPlaylistLink('http://127.0.0.1:5200/playlist?list=PL_ab-12', testHosts)).toBe(true);
    expect(isPlaylistLink('http://127.0.0.1:5200/playlist?list=PL_ab-12')).toBe(false);
  });

  it('a test-host link is a post on pages that list post items', () => {
    expect(isMultiMediaLink('http://fixtures.test/post', platformById('facebook'), testHosts)).toBe(true);
    expect(isMultiMediaLink('http://fixtures.test/post', platformById('youtube'), testHosts)).toBe(false);
  });
});

describe('playlist detection', () => {
  it.each([
    'https://www.youtube.com/playlist?list=PLrAXtmErZgOeiKm4sgNOknGvNjby9efdf',
    'https://www.youtube.com/watch?v=dQw4w9WgXcQ&list=PL_under_score',
    'https://youtu.be/dQw4w9WgXcQ?list=PL-hyphen-123',
    'https://m.youtube.com/watch?list=OLAK5uy_abc123&v=x',
    'youtube.com/playlist?list=0123456789',
  ])('%s is a playlist', (link) => {
    expect(isPlaylistLink(link)).toBe(true);
  });

  it.each([
    'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
    'https://www.youtube.com/watch?v=dQw4w9WgXcQ&list=',
    'https://www.youtube.com/watch?v=dQw4w9WgXcQ&playlist=PL123',
    'https://vimeo.com/showcase/1?list=PL123',
    'https://notyoutube.com/playlist?list=PL123',
  ])('%s is not a playlist', (link) => {
    expect(isPlaylistLink(link)).toBe(false);
  });
});

describe('multi-media detection', () => {
  it.each([
    'https://www.instagram.com/p/ABC123/',
    'https://www.facebook.com/user/posts/123',
    'https://fb.watch/abcDEF/',
    'https://www.reddit.com/r/pics/comments/abc/title/',
  ])('%s is a multi-media post by its URL', (link) => {
    expect(isMultiMediaLink(link)).toBe(true);
    expect(isMultiMediaLink(link, platformById('facebook'))).toBe(true);
  });

  it('links of other sites are single items', () => {
    expect(isMultiMediaLink('https://www.youtube.com/watch?v=1')).toBe(false);
    expect(isMultiMediaLink('https://vimeo.com/1', platformById('vimeo'))).toBe(false);
    expect(isMultiMediaLink('https://x.com/u/status/1', platformById('twitter'))).toBe(false);
  });

  it.each(['instagram', 'tiktok', 'reddit'])('the %s page always treats links as posts', (id) => {
    expect(isMultiMediaLink('https://www.tiktok.com/@u/video/1', platformById(id))).toBe(true);
    expect(isMultiMediaLink('anything', platformById(id))).toBe(true);
  });
});

describe('links without a scheme', () => {
  it('get https:// in front; a full address stays as it is', () => {
    expect(withScheme(' youtube.com/watch?v=abc ')).toBe('https://youtube.com/watch?v=abc');
    expect(withScheme('http://127.0.0.1:4000/a.mp4')).toBe('http://127.0.0.1:4000/a.mp4');
  });
});
