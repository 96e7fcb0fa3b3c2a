import { platforms, platformById, type Platform } from '@grabbit/catalog';
import { describe, expect, it } from 'vitest';
import { AppError } from '../core/app-error';
import {
  checkDownloadUrl,
  durationLimitFor,
  matchesRedirectLink,
  needsRedirectResolution,
} from './url-rules';

const youtube = platformById('youtube') as Platform;
const twitch = platformById('twitch') as Platform;

function refusal(
  url: string,
  platform: Platform = youtube,
  testHosts: string[] = [],
): { code: string; message: string } {
  try {
    checkDownloadUrl(url, platform, testHosts);
  } catch (error) {
    if (error instanceof AppError) return { code: error.code, message: error.message };
    throw error;
  }
  throw new Error(`${url} was accepted`);
}

describe('URL rules', () => {
  it('accepts each platform its own example link, and refuses it on every other page', () => {
    for (const platform of platforms) {
      expect(checkDownloadUrl(platform.placeholder, platform, [])).toEqual({
        url: new URL(platform.placeholder).href,
        isTestHost: false,
      });
      for (const other of platforms.filter((p) => p.id !== platform.id)) {
        expect(refusal(platform.placeholder, other)).toEqual({
          code: 'UNSUPPORTED_URL',
          message: `This URL is not supported on the ${other.name} downloader`,
        });
      }
    }
  });

  it('refuses option-like text, other schemes, credentials and bad links', () => {
    expect(refusal('--exec rm -rf /').code).toBe('URL_NOT_ALLOWED');
    expect(refusal(' -o /etc/x https://youtu.be/a').code).toBe('URL_NOT_ALLOWED');
    expect(refusal('file:///etc/passwd').message).toBe('Only http and https links can be downloaded.');
    expect(refusal('ftp://youtube.com/a').code).toBe('URL_NOT_ALLOWED');
    expect(refusal('https://user:pw@youtube.com/watch?v=a').code).toBe('URL_NOT_ALLOWED');
    expect(refusal('not a link').code).toBe('UNSUPPORTED_URL');
  });

  it('refuses loopback and private addresses unless they are test hosts', () => {
    for (const url of [
      'http://127.0.0.1/a.mp4',
      'http://localhost:8080/',
      'http://10.1.2.3/',
      'http://192.168.0.1/',
      'http://[::1]/',
      'http://169.254.169.254/latest',
      'http://[::ffff:127.0.0.1]/',
    ]) {
      expect(refusal(url).code, url).toBe('URL_NOT_ALLOWED');
    }
    expect(checkDownloadUrl('http://127.0.0.1:5400/a.mp4', youtube, ['127.0.0.1:5400'])).toEqual({
      url: 'http://127.0.0.1:5400/a.mp4',
      isTestHost: true,
    });
    // The port is part of the test host: another port on the same machine stays refused.
    expect(refusal('http://127.0.0.1:22/', youtube, ['127.0.0.1:5400']).code).toBe('URL_NOT_ALLOWED');
  });

  it('Twitch takes clips and highlights, refuses live channels and past-broadcast lists', () => {
    expect(checkDownloadUrl('https://clips.twitch.tv/AwkwardHelplessSalamander', twitch, []).isTestHost).toBe(
      false,
    );
    expect(checkDownloadUrl('https://www.twitch.tv/chan/clip/Funny-Clip', twitch, []).isTestHost).toBe(false);
    expect(checkDownloadUrl('https://www.twitch.tv/videos/123456789', twitch, []).isTestHost).toBe(false);
    expect(refusal('https://www.twitch.tv/chan', twitch).message).toMatch(/live streams are not supported/);
    expect(refusal('https://www.twitch.tv/chan/videos?filter=archives', twitch).message).toMatch(
      /full past broadcasts are not supported/,
    );
  });

  it('Twitch videos (/videos/<id>) longer than 1 hour are refused as full past broadcasts; clips and other sites keep the limit', () => {
    for (const link of [
      'https://www.twitch.tv/videos/123456789',
      'https://m.twitch.tv/chan/v/123',
      'https://player.twitch.tv/?video=v123&parent=x',
    ]) {
      const limit = durationLimitFor(link, twitch, 36_000);
      expect(limit.seconds, link).toBe(twitch.longMediaRule?.maxSeconds);
      expect(limit.refusal?.message).toBe(twitch.longMediaRule?.message);
      expect(limit.refusal?.code).toBe('UNSUPPORTED_URL');
    }
    // A lower configured limit still wins.
    expect(durationLimitFor('https://www.twitch.tv/videos/1', twitch, 600).seconds).toBe(600);
    expect(durationLimitFor('https://clips.twitch.tv/AwkwardHelplessSalamander', twitch, 36_000)).toEqual({
      seconds: 36_000,
    });
    expect(durationLimitFor('https://www.twitch.tv/chan/clip/Funny-Clip', twitch, 36_000)).toEqual({
      seconds: 36_000,
    });
    expect(durationLimitFor('https://www.youtube.com/watch?v=videos/123', youtube, 36_000)).toEqual({
      seconds: 36_000,
    });
  });

  it('redirect-link entries: exact host, *.host with subdomains, host/path-prefix', () => {
    const url = (text: string) => new URL(text);
    expect(matchesRedirectLink(url('https://tiktok.com/@a/video/1'), 'tiktok.com')).toBe(true);
    expect(matchesRedirectLink(url('https://www.tiktok.com/@a/video/1'), 'tiktok.com')).toBe(false);
    expect(matchesRedirectLink(url('https://fb.watch/x/'), '*.fb.watch')).toBe(true);
    expect(matchesRedirectLink(url('https://m.fb.watch/x/'), '*.fb.watch')).toBe(true);
    expect(matchesRedirectLink(url('https://notfb.watch/x/'), '*.fb.watch')).toBe(false);
    expect(matchesRedirectLink(url('https://www.facebook.com/share/v/abc/'), 'www.facebook.com/share/')).toBe(
      true,
    );
    expect(matchesRedirectLink(url('https://www.facebook.com/watch/?v=1'), 'www.facebook.com/share/')).toBe(
      false,
    );
  });

  it('short and mirror links of the catalog need resolving; the main hosts do not', () => {
    const byId = (id: string) => platformById(id) as Platform;
    const resolves = (link: string, id: string) => needsRedirectResolution(new URL(link), byId(id));
    expect(resolves('https://fb.watch/abcDEF/', 'facebook')).toBe(true);
    expect(resolves('https://www.facebook.com/share/r/abc/', 'facebook')).toBe(true);
    expect(resolves('https://redgifs.io/watch/name', 'redgifs')).toBe(true);
    expect(resolves('https://spankbang.party/abc/video/t', 'spankbang')).toBe(true);
    expect(resolves('https://tiktok.com/@u/video/1', 'tiktok')).toBe(true);
    expect(resolves('https://m.tiktok.com/v/1.html', 'tiktok')).toBe(true);
    // Extractor patterns list these: yt-dlp handles them itself.
    expect(resolves('https://vm.tiktok.com/ZMabc/', 'tiktok')).toBe(false);
    expect(resolves('https://youtu.be/dQw4w9WgXcQ', 'youtube')).toBe(false);
    for (const platform of platforms)
      expect(needsRedirectResolution(new URL(platform.placeholder), platform), platform.id).toBe(false);
  });
});
