// One pass over a link: refusals and the duration limit come back as one answer.
import { platformById } from '@grabbit/catalog';
import { describe, expect, it } from 'vitest';
import { checkLink } from './link-check';

const twitter = platformById('twitter')!;
const twitch = platformById('twitch')!;
const options = { testHosts: [], maxDurationSeconds: 36_000 };

describe('checkLink', () => {
  it('answers the trimmed link as yt-dlp gets it (x.com kept), with the configured limit', async () => {
    expect(await checkLink(' https://x.com/user/status/1 ', twitter, options)).toEqual({
      url: 'https://x.com/user/status/1',
      isTestHost: false,
      duration: { seconds: 36_000 },
    });
  });

  it('carries the platform long-media rule as data', async () => {
    const answer = await checkLink('https://www.twitch.tv/videos/123456789', twitch, options);
    expect(answer.duration).toEqual({
      seconds: twitch.longMediaRule?.maxSeconds,
      refusal: { code: 'UNSUPPORTED_URL', message: twitch.longMediaRule?.message },
    });
  });

  it('refuses private addresses and refused links before any request', async () => {
    for (const link of ['http://127.0.0.1/a', 'http://100.64.0.1/a', 'http://[::ffff:169.254.169.254]/a'])
      await expect(checkLink(link, twitter, options), link).rejects.toMatchObject({
        code: 'URL_NOT_ALLOWED',
      });
    await expect(checkLink('https://www.twitch.tv/somechannel', twitch, options)).rejects.toMatchObject({
      code: 'UNSUPPORTED_URL',
    });
  });
});
