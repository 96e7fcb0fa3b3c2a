import type { EngineStatus } from '@grabbit/contracts';
import { describe, expect, it } from 'vitest';
import { ytDlpAgeWarning } from '../ytdlp';
import { missingEnginesMessage } from './engines';

describe('ytDlpAgeWarning', () => {
  const now = new Date('2025-06-30T12:00:00Z');

  it('is quiet for a release up to 60 days old', () => {
    expect(ytDlpAgeWarning('2025.06.30', now)).toBeUndefined();
    expect(ytDlpAgeWarning('2025.05.01', now)).toBeUndefined(); // 60 days
  });

  it('warns, with the age, when older than 60 days', () => {
    expect(ytDlpAgeWarning('2025.04.30', now)).toBe(
      'yt-dlp 2025.04.30 is 61 days old; sites change often, update it (see README).',
    );
    expect(ytDlpAgeWarning('2023.03.04', now)).toMatch(/^yt-dlp 2023\.03\.04 is \d+ days old/);
  });

  it('reads nightly versions and ignores what is not a date version', () => {
    expect(ytDlpAgeWarning('2024.01.01.232701', now)).toMatch(/^yt-dlp 2024\.01\.01\.232701 is/);
    expect(ytDlpAgeWarning(undefined, now)).toBeUndefined();
    expect(ytDlpAgeWarning('unknown', now)).toBeUndefined();
  });

  it('takes another limit', () => {
    expect(ytDlpAgeWarning('2025.06.01', now, 7)).toMatch(/29 days old/);
  });
});

describe('missingEnginesMessage', () => {
  const ok = (name: string, pkg: string): EngineStatus => ({
    name,
    package: pkg,
    available: true,
    version: '1',
  });
  const missing = (name: string, pkg: string): EngineStatus => ({ name, package: pkg, available: false });

  it('is undefined when everything is there', () => {
    expect(missingEnginesMessage([ok('yt-dlp', 'yt-dlp'), ok('ffmpeg', 'ffmpeg')])).toBeUndefined();
  });

  it('names each missing engine and its package once, with the install command', () => {
    const message = missingEnginesMessage([
      missing('ffmpeg', 'ffmpeg'),
      missing('ffprobe', 'ffmpeg'),
      ok('gstreamer', 'gstreamer1.0-tools'),
      missing('yt-dlp', 'yt-dlp'),
    ]);
    expect(message).toBe(
      'Missing engines: ffmpeg, ffprobe, yt-dlp. Install them with: apt-get install -y ffmpeg yt-dlp',
    );
  });
});
