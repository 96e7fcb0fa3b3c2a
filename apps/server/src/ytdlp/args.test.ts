import { platformById, platforms, type Platform } from '@grabbit/catalog';
import { describe, expect, it } from 'vitest';
import { buildDownloadArgs, buildInfoArgs, formatSelector } from './args';

const limits = { maxBytes: 1000, maxDurationSeconds: 60, proxyUrl: 'http://127.0.0.1:9' };
const argsFor = (platform: Platform, extra: Partial<Parameters<typeof buildDownloadArgs>[0]> = {}) =>
  buildDownloadArgs({
    platform,
    allowGeneric: false,
    ...limits,
    url: platform.placeholder,
    format: 'mp4',
    quality: 'best',
    removeWatermark: false,
    jobDir: '/data/jobs/x',
    ...extra,
  });
const valueOf = (args: string[], flag: string) => args[args.indexOf(flag) + 1];

describe('yt-dlp arguments', () => {
  for (const platform of platforms) {
    it(`${platform.name}: safe flags, its own extractors only, the URL after --`, () => {
      const args = argsFor(platform);
      for (const flag of ['--ignore-config', '--no-exec', '--no-cache-dir', '--no-playlist', '--newline'])
        expect(args).toContain(flag);
      expect(valueOf(args, '--use-extractors')).toBe(platform.extractors.join(','));
      expect(valueOf(args, '--use-extractors')).not.toMatch(/generic/);
      expect(valueOf(args, '--max-filesize')).toBe('1000');
      expect(valueOf(args, '--match-filter')).toBe('!is_live & duration <=? 60');
      expect(valueOf(args, '--paths')).toBe('/data/jobs/x');
      expect(valueOf(args, '--proxy')).toBe('http://127.0.0.1:9');
      expect(valueOf(args, '--downloader')).toBe('native');
      expect(args.slice(-2)).toEqual(['--', platform.placeholder]);
      expect(args.filter((a) => a === '--')).toHaveLength(1);
      expect(args.join(' ')).not.toMatch(/--exec(?!\S)|--cookies/);
      const info = buildInfoArgs({
        platform,
        allowGeneric: false,
        ...limits,
        url: platform.placeholder,
        mode: 'playlist',
      });
      expect(info.slice(-2)).toEqual(['--', platform.placeholder]);
      expect(info).toContain('--flat-playlist');
    });
  }

  it('generic (and html5) only for test hosts', () => {
    const [first] = platforms;
    expect(valueOf(argsFor(first as Platform, { allowGeneric: true }), '--use-extractors')).toMatch(
      /,generic,html5$/,
    );
  });

  it('formats: height caps, audio only, TikTok clean formats, post items, cookies', () => {
    const youtube = platforms[0] as Platform;
    expect(formatSelector({ platform: youtube, format: 'mp4', quality: 720, removeWatermark: false })).toBe(
      'bv*[height<=720]+ba/b[height<=720]/bv*+ba/b',
    );
    expect(valueOf(argsFor(youtube, { quality: 2160 }), '--format-sort')).toBe(
      'res:2160,vcodec:h264,acodec:aac,ext:mp4:m4a',
    );
    expect(
      formatSelector({ platform: youtube, format: 'mp3', quality: 'best', removeWatermark: false }),
    ).toBe('ba/b');
    const tiktok = platformById('tiktok') as Platform;
    expect(
      formatSelector({ platform: tiktok, format: 'mp4', quality: 'best', removeWatermark: true }),
    ).toMatch(/^bv\*\[format_id!\*=download\]\+ba/);
    // Only a site with watermarked format ids has anything to leave out.
    expect(formatSelector({ platform: youtube, format: 'mp4', quality: 'best', removeWatermark: true })).toBe(
      'bv*+ba/b',
    );
    const item = argsFor(youtube, { itemIndex: 3 });
    expect(item).not.toContain('--no-playlist');
    expect(valueOf(item, '--playlist-items')).toBe('3');
    expect(valueOf(argsFor(youtube, { cookiesFile: '/data/jobs/x/cookies.txt' }), '--cookies')).toBe(
      '/data/jobs/x/cookies.txt',
    );
  });

  it("the operator's engine arguments come before the URL, after the safety switches", () => {
    const youtube = platforms[0] as Platform;
    const args = argsFor(youtube, { engineArgs: ['--impersonate', 'chrome'] });
    expect(args.indexOf('--impersonate')).toBeGreaterThan(args.indexOf('--use-extractors'));
    expect(args.indexOf('--impersonate')).toBeLessThan(args.indexOf('--'));
    expect(args.at(-1)).toBe(youtube.placeholder);
  });

  it("the egress guard's proxy is the only one yt-dlp uses: the last --proxy, after the engine arguments", () => {
    const youtube = platforms[0] as Platform;
    const args = argsFor(youtube, { engineArgs: ['--impersonate', 'chrome'] });
    expect(args.filter((arg) => arg === '--proxy')).toHaveLength(1);
    expect(valueOf(args, '--proxy')).toBe(limits.proxyUrl);
    // Even a stray --proxy among engine arguments loses: yt-dlp takes the last one.
    const stray = argsFor(youtube, { engineArgs: ['--proxy', 'http://proxy.example:3128'] });
    expect(stray[stray.lastIndexOf('--proxy') + 1]).toBe(limits.proxyUrl);
    expect(stray.lastIndexOf('--proxy')).toBeLessThan(stray.indexOf('--'));
  });

  it('yt-dlp never asks SponsorBlock itself: --no-sponsorblock after the engine arguments', () => {
    const youtube = platforms[0] as Platform;
    const args = argsFor(youtube, { engineArgs: ['--sponsorblock-remove', 'all'] });
    expect(args.indexOf('--no-sponsorblock')).toBeGreaterThan(args.indexOf('--sponsorblock-remove'));
    expect(args.indexOf('--no-sponsorblock')).toBeLessThan(args.indexOf('--'));
  });
});
