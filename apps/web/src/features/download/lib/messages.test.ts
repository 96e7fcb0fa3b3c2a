import { platformById, type Platform } from '@grabbit/catalog';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import {
  downloadFailureText,
  noMediaDownloaded,
  postListFailure,
  retryCanHelp,
  videoNotFound,
  videoStartFailure,
} from './messages';

const page = (id: Parameters<typeof platformById>[0]): Platform => {
  const found = platformById(id);
  if (!found) throw new Error(`no platform ${id}`);
  return found;
};
const youtube = page('youtube');
const vimeo = page('vimeo');
const instagram = page('instagram');
const refused = (status: number, code: string) => new ApiError('refused', 'HTTP_ERROR', status, code);

describe('downloader messages', () => {
  it('gives the YouTube page its own single-video messages', () => {
    expect(videoStartFailure(youtube, refused(404, 'NOT_FOUND'))).toEqual({
      title: 'No Video Found',
      description: 'No video could be found at this YouTube URL',
    });
    expect(videoStartFailure(youtube, refused(400, 'UNSUPPORTED_URL'))).toEqual({
      title: 'YouTube video Error',
      description: 'Failed to get video from YouTube. Please check the URL and try again.',
    });
    expect(videoStartFailure(vimeo, refused(404, 'NOT_FOUND'))).toBeUndefined();
  });

  it('says No Video Found when a started task ends because the link holds no video', () => {
    const taskFailure = Object.assign(new Error('The video could not be found.'), {
      code: 'MEDIA_NOT_FOUND',
    });
    expect(videoNotFound(youtube, taskFailure)?.title).toBe('No Video Found');
    expect(
      videoNotFound(youtube, Object.assign(new Error('x'), { code: 'DOWNLOAD_FAILED' })),
    ).toBeUndefined();
    expect(videoNotFound(vimeo, taskFailure)).toBeUndefined();
  });

  it("keeps a task's own message, else the page's default failure text", () => {
    expect(downloadFailureText(youtube, new Error('Download failed'))).toBe(
      'Failed to download YouTube video',
    );
    expect(downloadFailureText(youtube, undefined)).toBe('Failed to download YouTube video');
    expect(downloadFailureText(vimeo, new Error(''))).toBe('Download failed');
    expect(downloadFailureText(vimeo, new Error('This video is larger than the download limit.'))).toBe(
      'This video is larger than the download limit.',
    );
  });

  it("says No Media Downloaded when a post yields nothing, '{platform} Error' otherwise", () => {
    expect(postListFailure(instagram, refused(422, 'POST_EMPTY'))).toEqual(noMediaDownloaded(instagram));
    expect(postListFailure(instagram, refused(502, 'DOWNLOAD_FAILED')).title).toBe('Instagram Error');
    expect(noMediaDownloaded(instagram)).toEqual({
      title: 'No Media Downloaded',
      description: 'No photos or videos could be downloaded from this Instagram post',
    });
    expect(postListFailure(instagram, new Error('offline')).title).toBe('Instagram Error');
  });
});

describe('retry', () => {
  it('is offered for failures a retry can change, never for a refused link', () => {
    expect(retryCanHelp(refused(400, 'UNSUPPORTED_URL'))).toBe(false);
    expect(retryCanHelp(refused(422, 'MEDIA_TOO_LONG'))).toBe(false);
    expect(retryCanHelp(Object.assign(new Error('too long'), { code: 'MEDIA_TOO_LONG' }))).toBe(false);
    // A site's 404 may pass: a video not found can be tried again.
    expect(retryCanHelp(refused(404, 'MEDIA_NOT_FOUND'))).toBe(true);
    expect(retryCanHelp(refused(504, 'DOWNLOAD_TIMEOUT'))).toBe(true);
    expect(retryCanHelp(refused(429, 'RESULTS_WAITING'))).toBe(true);
    expect(retryCanHelp(new Error('No response'))).toBe(true);
  });
});
