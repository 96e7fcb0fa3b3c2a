// POST /api/validate/url by the catalog's rules and the download safety checks.
import type { ValidateUrlResponse } from '@grabbit/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './support/download-app';

let test: TestApp;
beforeAll(async () => {
  test = await startTestApp({ MEDIA_TEST_HOSTS: '127.0.0.1:5499' });
});
afterAll(async () => {
  await test?.close();
});

const validate = async (payload: object) =>
  (await test.app.inject({ method: 'POST', url: '/api/validate/url', payload })).json<ValidateUrlResponse>();

describe('POST /api/validate/url', () => {
  it('a YouTube playlist link', async () => {
    expect(await validate({ url: 'https://www.youtube.com/playlist?list=PLabc_123-x' })).toEqual({
      valid: true,
      platform: 'youtube',
      route: '/youtube-downloader',
      isPlaylist: true,
      isMultiMedia: false,
      message: 'This link can be downloaded on the YouTube downloader',
    });
  });

  it('an Instagram post is multi-media; a TikTok link on its page too', async () => {
    expect(await validate({ url: 'https://www.instagram.com/p/ABC/' })).toMatchObject({
      valid: true,
      platform: 'instagram',
      isMultiMedia: true,
    });
    expect(await validate({ url: 'https://www.tiktok.com/@u/video/1', platform: 'tiktok' })).toMatchObject({
      valid: true,
      isMultiMedia: true,
    });
  });

  it('a link of another page, an unknown site, an unsafe link', async () => {
    expect(await validate({ url: 'https://vimeo.com/1', platform: 'youtube' })).toMatchObject({
      valid: false,
      platform: 'youtube',
      message: 'This URL is not supported on the YouTube downloader',
    });
    expect(await validate({ url: 'https://example.com/x' })).toMatchObject({
      valid: false,
      platform: null,
      route: null,
      message: 'This URL is not supported on the current downloader',
    });
    expect(await validate({ url: 'file:///etc/passwd', platform: 'vimeo' })).toMatchObject({
      valid: false,
      message: 'Only http and https links can be downloaded.',
    });
  });

  it('test hosts count for every page', async () => {
    expect(await validate({ url: 'http://127.0.0.1:5499/post.html', platform: 'reddit' })).toMatchObject({
      valid: true,
      platform: 'reddit',
      isMultiMedia: true,
    });
  });
});
