// What a second of a planned output takes at least, from the plan and the probe: PCM by its
// sample rate and channels, copies by their probed rate, encoders held to a rate by that rate;
// encoders at a quality count nothing (the bound while writing holds them).
import { describe, expect, it } from 'vitest';
import type { ProbeResult } from '../engines/ffprobe';
import { planEncode, transcodeChoice } from '../encode/av-plan';
import { foreseenBytesPerSecond } from '../encode/foreseen-bytes';
import { checkForeseenOutput } from './output-bounds';

const probe: ProbeResult = {
  formatName: 'ogg',
  duration: 3600,
  streams: [
    { index: 0, codecType: 'video', codecName: 'h264', bitRate: 800_000, attachedPic: false },
    { index: 1, codecType: 'audio', codecName: 'opus', channels: 2, sampleRate: 48_000, attachedPic: false },
  ],
};
const encodeFor = (target: string, choice = transcodeChoice) => planEncode(target, choice).encode;

describe('foreseen output bytes', () => {
  it('counts PCM by sample rate and channels, as the plan sets or the probe says', () => {
    expect(foreseenBytesPerSecond(encodeFor('wav'), probe)).toBe(192_000);
    expect(foreseenBytesPerSecond(encodeFor('amr', { ...transcodeChoice, downmix: true }), probe)).toBe(
      16_000,
    );
  });

  it('counts rates the encoder is held to and copies at their probed rate, not qualities', () => {
    expect(foreseenBytesPerSecond(encodeFor('mp3'), probe)).toBe(24_000);
    expect(foreseenBytesPerSecond(encodeFor('flac'), probe)).toBe(0);
    // H.264 at a CRF counts nothing; the AAC at 160k does.
    expect(foreseenBytesPerSecond(encodeFor('mp4'), probe)).toBe(20_000);
    const copyVideo = { ...transcodeChoice, copyVideo: true };
    expect(foreseenBytesPerSecond(encodeFor('mp4', copyVideo), probe)).toBe(120_000);
  });

  it('refuses an hour of WAV under a 500 MB bound, and a length past the length bound', () => {
    const limits = { maxBytes: 500e6, maxSeconds: 3 * 3600 };
    const wav = (seconds: number) => seconds * foreseenBytesPerSecond(encodeFor('wav'), probe);
    expect(() => checkForeseenOutput(limits, 3600, wav)).toThrow(/about 659\.2 MB/);
    expect(() => checkForeseenOutput(limits, 600, wav)).not.toThrow();
    expect(() => checkForeseenOutput(limits, 4 * 3600, () => 0)).toThrow(/limit of 3\.0 hours/);
    expect(() => checkForeseenOutput(limits, undefined, wav)).not.toThrow();
  });
});
