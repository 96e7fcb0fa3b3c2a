// SponsorBlock's privacy-preserving call: only a hash prefix of the video id is sent, and our
// video is picked from the answer among those sharing it; only skip segments of our categories.
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { hashPrefix, segmentsAddress, segmentsOf } from './sponsor-block';
import { onSectionTimeline } from './sponsor-step';

describe('SponsorBlock answers', () => {
  it('asks by the first 4 hex digits of the id’s SHA-256, for skip segments of the five categories', () => {
    const prefix = hashPrefix('dQw4w9WgXcQ');
    expect(prefix).toBe(createHash('sha256').update('dQw4w9WgXcQ').digest('hex').slice(0, 4));
    const url = segmentsAddress('https://sponsor.example/base', prefix);
    expect(url.origin + url.pathname).toBe(`https://sponsor.example/base/api/skipSegments/${prefix}`);
    expect(JSON.parse(url.searchParams.get('categories') ?? '')).toEqual([
      'sponsor',
      'intro',
      'outro',
      'selfpromo',
      'interaction',
    ]);
    expect(url.searchParams.get('actionTypes')).toBe('["skip"]');
    expect(url.href).not.toContain('dQw4w9WgXcQ');
  });

  it("picks the video's own entry, skip segments of the asked categories only", () => {
    const answer = [
      { videoID: 'other', segments: [{ category: 'sponsor', actionType: 'skip', segment: [1, 2] }] },
      {
        videoID: 'mine',
        hash: 'abcd',
        segments: [
          { category: 'sponsor', actionType: 'skip', segment: [10, 20], UUID: 'u' },
          { category: 'music_offtopic', actionType: 'skip', segment: [30, 40] },
          { category: 'selfpromo', actionType: 'mute', segment: [50, 55] },
          { category: 'intro', segment: [0, 4] },
          { category: 'outro', actionType: 'skip', segment: [9, 9] },
        ],
      },
    ];
    expect(segmentsOf(answer, 'mine')).toEqual([
      { start: 10, end: 20, category: 'sponsor' },
      { start: 0, end: 4, category: 'intro' },
    ]);
    expect(segmentsOf(answer, 'absent')).toEqual([]);
    expect(() => segmentsOf({ error: 'no' }, 'mine')).toThrow();
  });

  it("moves the segments onto a section's own timeline", () => {
    const segments = [
      { start: 2, end: 6, category: 'sponsor' as const },
      { start: 8, end: 12, category: 'outro' as const },
      { start: 20, end: 25, category: 'outro' as const },
    ];
    expect(onSectionTimeline(segments, { startTime: 4, endTime: 10 })).toEqual([
      { start: 0, end: 2, category: 'sponsor' },
      { start: 4, end: 6, category: 'outro' },
    ]);
    expect(onSectionTimeline(segments, {})).toEqual(segments);
  });
});
