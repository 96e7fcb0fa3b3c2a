import { platformById } from '@grabbit/catalog';
import { describe, expect, it } from 'vitest';
import { sharedLinkOf, sharedLinkTarget } from './shared-link';

const youtube = platformById('youtube');
const tiktok = platformById('tiktok');

describe('shared links', () => {
  it('reads ?url=, or the first link inside ?text=', () => {
    expect(sharedLinkOf('?url=https%3A%2F%2Fyoutu.be%2Fabc')).toBe('https://youtu.be/abc');
    expect(sharedLinkOf('?title=x&text=Watch%20this%3A%20https%3A%2F%2Fvm.tiktok.com%2FZM1%2F')).toBe(
      'https://vm.tiktok.com/ZM1/',
    );
    expect(sharedLinkOf('?q=1')).toBeUndefined();
  });

  it('fills the link on its own page and moves to the right page otherwise', () => {
    expect(sharedLinkTarget('https://www.youtube.com/watch?v=x', youtube)).toEqual({ kind: 'fill' });
    expect(sharedLinkTarget('https://www.youtube.com/watch?v=x', undefined)).toEqual({
      kind: 'go',
      path: '/youtube-downloader?url=https%3A%2F%2Fwww.youtube.com%2Fwatch%3Fv%3Dx',
    });
    expect(sharedLinkTarget('https://vm.tiktok.com/ZM1/', youtube)).toMatchObject({ kind: 'go' });
    expect(sharedLinkTarget('https://vm.tiktok.com/ZM1/', tiktok)).toEqual({ kind: 'fill' });
    expect(sharedLinkTarget('https://example.org/x', undefined)).toBeUndefined();
    expect(sharedLinkTarget('https://example.org/x', youtube)).toEqual({ kind: 'fill' });
  });
});
