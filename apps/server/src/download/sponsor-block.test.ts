// SponsorBlock's privacy-preserving call: only a hash prefix of the video id is sent, and our
// video is picked from the answer among those sharing it; only skip segments of our categories.
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import {
  hashPrefix,
  segmentsAddress,
  segmentsOf,
  type SkipSegment,
  type SponsorBlock,
} from './sponsor-block';
import { onSectionTimeline, sponsorStep } from './sponsor-step';

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

describe('the SponsorBlock step of a download', () => {
  const warnings: unknown[] = [];
  const log = { warn: (fields: unknown) => void warnings.push(fields) } as unknown as FastifyBaseLogger;
  const context = { log, taskId: 't1', signal: new AbortController().signal };
  const answering = (answer: () => Promise<SkipSegment[]>) =>
    ({ segments: answer }) as unknown as SponsorBlock;

  it('titles the segments by category for the finishing step', async () => {
    const found = answering(async () => [{ start: 1, end: 2, category: 'selfpromo' }]);
    expect(await sponsorStep(found, { mode: 'chapters', videoId: 'v' }, context)).toEqual({
      edit: { mode: 'chapters', segments: [{ start: 1, end: 2, title: 'Self-promotion' }] },
    });
  });

  it('says so when SponsorBlock fails (a warning for the operator), knows none, or the site gave no id', async () => {
    const failing = answering(() => Promise.reject(new Error('connect ECONNREFUSED')));
    expect(await sponsorStep(failing, { mode: 'remove', videoId: 'v' }, context)).toEqual({
      notice: 'SponsorBlock did not answer: nothing was cut.',
    });
    expect(warnings).toEqual([{ taskId: 't1', reason: 'connect ECONNREFUSED' }]);
    const none = answering(async () => []);
    expect((await sponsorStep(none, { mode: 'chapters', videoId: 'v' }, context)).notice).toBe(
      'SponsorBlock knows no segments in this video: no segments were marked as chapters.',
    );
    expect((await sponsorStep(none, { mode: 'remove', videoId: undefined }, context)).notice).toMatch(
      /needs the video's id/,
    );
  });
});
