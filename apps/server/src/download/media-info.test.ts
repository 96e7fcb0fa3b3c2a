import { describe, expect, it } from 'vitest';
import {
  audioBitratesOf,
  automaticCaptionsOf,
  qualitiesOf,
  sizeOf,
  subtitlesOf,
  type FullInfo,
} from './media-info';

const info: FullInfo = {
  duration: 100,
  formats: [
    { format_id: 'a1', vcodec: 'none', acodec: 'mp4a.40.2', abr: 128, filesize: 1_600_000 },
    { format_id: 'a2', vcodec: 'none', acodec: 'opus', abr: 160, filesize_approx: 2_000_000 },
    { format_id: 'v1', height: 720, vcodec: 'avc1.64001f', acodec: 'none', filesize: 10_000_000 },
    { format_id: 'v2', height: 720, vcodec: 'vp09.00.31.08', acodec: 'none', filesize: 8_000_000 },
    { format_id: 'm', height: 360, vcodec: 'avc1.42c01e', acodec: 'mp4a.40.2', tbr: 400 },
  ],
  subtitles: { en: [{ name: 'English' }], live_chat: [{}], de: [] },
};

describe('media info', () => {
  it('estimates a size from the bit rate when the site gives none', () => {
    expect(sizeOf({ tbr: 400 }, 100)).toBe(5_000_000);
    expect(sizeOf({ tbr: 400 }, undefined)).toBeNull();
  });

  it('lists distinct heights with a size per video format: matching codec plus audio', () => {
    const [low, high] = qualitiesOf(info);
    expect(low).toMatchObject({ height: 360, quality: '360p' });
    expect(low?.sizes.mp4).toBe(5_000_000);
    expect(high?.sizes.mp4).toBe(10_000_000 + 1_600_000);
    expect(high?.sizes.webm).toBe(8_000_000 + 2_000_000);
  });

  it('lists audio bit rates and real subtitle languages', () => {
    expect(audioBitratesOf(info).map((a) => a.quality)).toEqual(['128k', '160k']);
    expect(subtitlesOf(info)).toEqual([{ language: 'en', name: 'English' }]);
  });
});

describe('transcript languages', () => {
  it('lists automatic captions with the spoken language first, and only languages a request takes', () => {
    const captioned: FullInfo = {
      subtitles: { 'not a language!': [{ name: 'Broken' }], fr: [{}] },
      automatic_captions: {
        de: [{ name: 'German' }],
        'en-orig': [{ name: 'English (Original)' }],
        en: [{ name: 'English' }],
        nope: [],
      },
    };
    expect(subtitlesOf(captioned)).toEqual([{ language: 'fr', name: null }]);
    expect(automaticCaptionsOf(captioned).map((c) => c.language)).toEqual(['en-orig', 'de', 'en']);
    expect(automaticCaptionsOf({})).toEqual([]);
  });
});
