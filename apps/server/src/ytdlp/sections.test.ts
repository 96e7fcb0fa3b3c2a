import { platforms } from '@grabbit/catalog';
import { describe, expect, it } from 'vitest';
import { buildDownloadArgs, formatSelector } from './args';
import { audioKbps, sectionOf } from './sections';

const youtube = platforms[0]!;
const argsFor = (extra: Partial<Parameters<typeof buildDownloadArgs>[0]>) =>
  buildDownloadArgs({
    platform: youtube,
    allowGeneric: false,
    maxBytes: 1000,
    maxDurationSeconds: 60,
    proxyUrl: 'http://127.0.0.1:9',
    url: 'https://www.youtube.com/watch?v=x',
    format: 'mp4',
    quality: 'best',
    removeWatermark: false,
    jobDir: '/data/jobs/x',
    ...extra,
  });

describe('clip arguments', () => {
  it('names sections in yt-dlp syntax', () => {
    expect(sectionOf({})).toBeUndefined();
    expect(sectionOf({ startTime: 2, endTime: 4 })).toBe('*2-4');
    expect(sectionOf({ startTime: 2.5 })).toBe('*2.5-inf');
    expect(sectionOf({ endTime: 4 })).toBe('*0-4');
  });

  it('fetches only the section and forces keyframes at its cuts', () => {
    const args = argsFor({ startTime: 2, endTime: 4 });
    expect(args.slice(args.indexOf('--download-sections'), args.indexOf('--download-sections') + 3)).toEqual([
      '--download-sections',
      '*2-4',
      '--force-keyframes-at-cuts',
    ]);
  });

  it('embeds subtitles in video, fetches them alone for srt, and the picture alone for thumbnail', () => {
    expect(argsFor({ subtitles: 'en' })).toEqual(
      expect.arrayContaining(['--sub-langs', 'en', '--embed-subs']),
    );
    const srt = argsFor({ format: 'srt', subtitles: 'pt-BR' });
    expect(srt).toEqual(
      expect.arrayContaining(['--skip-download', '--sub-langs', 'pt-BR', '--convert-subs', 'srt']),
    );
    expect(srt).not.toContain('--embed-subs');
    expect(argsFor({ format: 'thumbnail' })).toEqual(
      expect.arrayContaining(['--skip-download', '--write-thumbnail', '--convert-thumbnails', 'jpg']),
    );
  });

  it('prefers the asked audio bit rate', () => {
    expect(audioKbps('192k')).toBe(192);
    expect(audioKbps(720)).toBeUndefined();
    expect(
      formatSelector({ platform: youtube, format: 'mp3', quality: '128k', removeWatermark: false }),
    ).toBe('ba[abr<=128]/ba/b');
    expect(argsFor({ format: 'mp3', quality: '128k' })).toContain('abr:128,acodec:mp3,acodec:aac');
  });

  it('downloads from a cached info JSON instead of the URL', () => {
    const args = argsFor({ infoJsonFile: '/data/jobs/x/info.json' });
    expect(args.slice(-2)).toEqual(['--load-info-json', '/data/jobs/x/info.json']);
    expect(args).not.toContain('https://www.youtube.com/watch?v=x');
  });
});
