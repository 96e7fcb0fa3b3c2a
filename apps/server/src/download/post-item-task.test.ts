import { describe, expect, it } from 'vitest';
import { AppError } from '../core/app-error';
import { batchItemInputs, type PostItemRef } from './post-item-task';

const postUrl = 'https://www.instagram.com/p/abc/';

const item = (itemIndex: number, mediaType: PostItemRef['mediaType']): PostItemRef => ({
  url: postUrl,
  itemIndex,
  mediaType,
  suggestedFormat: mediaType === 'image' ? 'png' : 'mp4',
});

describe("a batch's items", () => {
  const choice = {
    format: 'mp3' as const,
    quality: 'best' as const,
    startTime: 2,
    instagramCookies: 'sid=1',
  };

  it("downloads a post's items as a post's items are, reading each post once", async () => {
    const reads: string[] = [];
    const inputs = await batchItemInputs(
      [
        { url: postUrl, itemIndex: 2 },
        { url: postUrl, itemIndex: 1 },
        { url: 'https://www.instagram.com/reel/xyz/' },
      ],
      choice,
      async (url) => {
        reads.push(url);
        return [item(1, 'video'), item(2, 'image')];
      },
    );
    expect(reads).toEqual([postUrl]);
    expect(inputs).toEqual([
      { url: postUrl, itemIndex: 2, format: 'png', quality: 'best', instagramCookies: 'sid=1' },
      {
        url: postUrl,
        itemIndex: 1,
        format: 'mp3',
        quality: 'best',
        instagramCookies: 'sid=1',
        startTime: 2,
        endTime: undefined,
        subtitles: undefined,
      },
      { ...choice, url: 'https://www.instagram.com/reel/xyz/' },
    ]);
  });

  it('refuses an item number the post does not have', async () => {
    const refused = batchItemInputs([{ url: postUrl, itemIndex: 3 }], choice, async () => [item(1, 'video')]);
    await expect(refused).rejects.toThrow(AppError);
    await expect(refused).rejects.toMatchObject({ code: 'POST_ITEM_NOT_FOUND' });
  });
});
