import { platformById, type Platform } from '@grabbit/catalog';
import { describe, expect, it } from 'vitest';
import { isMultiMediaMode, linkKind } from './link-kind';

const page = (id: string) => platformById(id) as Platform;
const testHost = ['127.0.0.1:4000'];

describe('link kind', () => {
  it('treats YouTube links with a list= parameter as playlists', () => {
    expect(linkKind('https://www.youtube.com/playlist?list=PLabc_-1', page('youtube'), [])).toBe('playlist');
    expect(linkKind('https://www.youtube.com/watch?v=x&list=RD1', page('youtube'), [])).toBe('playlist');
    expect(linkKind('https://www.youtube.com/watch?v=x', page('youtube'), [])).toBe('single');
    expect(linkKind('https://www.youtube.com/watch?v=x&list=', page('youtube'), [])).toBe('single');
  });

  it('detects multi-media posts by URL on Instagram, Facebook (also fb.watch) and Reddit', () => {
    expect(linkKind('https://fb.watch/abc/', page('facebook'), [])).toBe('multi-media');
    expect(linkKind('https://www.facebook.com/reel/1', page('facebook'), [])).toBe('multi-media');
    expect(linkKind('https://vimeo.com/1', page('vimeo'), [])).toBe('single');
  });

  it('always treats the Instagram, TikTok and Reddit pages as multi-media', () => {
    for (const id of ['instagram', 'tiktok', 'reddit']) {
      expect(isMultiMediaMode(page(id), [], [])).toBe(true);
      expect(linkKind('https://www.tiktok.com/@a/video/1', page(id), [])).toBe('multi-media');
    }
    expect(isMultiMediaMode(page('youtube'), ['https://youtu.be/a'], [])).toBe(false);
    expect(isMultiMediaMode(page('facebook'), [''], [])).toBe(false);
    expect(isMultiMediaMode(page('facebook'), ['https://fb.watch/x'], [])).toBe(true);
  });

  it('maps test-host links to the page they are pasted on', () => {
    const list = 'http://127.0.0.1:4000/feed.xml?list=PL1';
    expect(linkKind(list, page('youtube'), testHost)).toBe('playlist');
    expect(linkKind(list, page('youtube'), [])).toBe('single');
    expect(linkKind('http://127.0.0.1:4000/post.html', page('instagram'), testHost)).toBe('multi-media');
    expect(linkKind('http://127.0.0.1:4000/clip.mp4', page('vimeo'), testHost)).toBe('single');
  });
});
