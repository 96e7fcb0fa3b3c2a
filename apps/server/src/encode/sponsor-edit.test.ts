// SponsorBlock's segments as arithmetic on seconds: merged, cut out with the chapters moved back,
// or written as chapters around which the site's chapters are split.
import { describe, expect, it } from 'vitest';
import {
  applySponsorEdit,
  keptSpans,
  mergeSegments,
  movedTime,
  segmentChapters,
  shiftChapters,
} from './sponsor-edit';

describe('segments to remove', () => {
  it('are sorted, clipped to the file, and merged where they overlap or nearly touch', () => {
    const segments = [
      { start: 50, end: 60 },
      { start: 10, end: 20 },
      { start: 15, end: 25 },
      { start: 25.05, end: 30 },
      { start: 95, end: 130 },
    ];
    expect(mergeSegments(segments, 100)).toEqual([
      { start: 10, end: 30 },
      { start: 50, end: 60 },
      { start: 95, end: 100 },
    ]);
  });

  it('reach the start or the end when they almost do, and empty ones are dropped', () => {
    expect(
      mergeSegments(
        [
          { start: 0.05, end: 3 },
          { start: 8, end: 9.95 },
          { start: 5, end: 5 },
        ],
        10,
      ),
    ).toEqual([
      { start: 0, end: 3 },
      { start: 8, end: 10 },
    ]);
  });

  it('leave the stretches between them, the last one open to the end', () => {
    expect(
      keptSpans(
        [
          { start: 10, end: 30 },
          { start: 50, end: 60 },
        ],
        100,
      ),
    ).toEqual([{ start: 0, end: 10 }, { start: 30, end: 50 }, { start: 60 }]);
    expect(
      keptSpans(
        [
          { start: 0, end: 5 },
          { start: 8, end: 10 },
        ],
        10,
      ),
    ).toEqual([{ start: 5, end: 8 }]);
    expect(keptSpans([{ start: 0, end: 10 }], 10)).toEqual([]);
  });
});

describe('chapters of a cut file', () => {
  const removed = [
    { start: 10, end: 30 },
    { start: 50, end: 60 },
  ];

  it('a moment moves back by what was cut before it; inside a cut, to where the cut was', () => {
    expect(movedTime(5, removed)).toBe(5);
    expect(movedTime(20, removed)).toBe(10);
    expect(movedTime(40, removed)).toBe(20);
    expect(movedTime(70, removed)).toBe(40);
  });

  it('chapters move with it, and one wholly inside a cut is gone', () => {
    const chapters = [
      { start: 0, end: 12, title: 'A' },
      { start: 12, end: 28, title: 'Ad read' },
      { start: 28, end: 100, title: 'B' },
    ];
    expect(shiftChapters(chapters, removed)).toEqual([
      { start: 0, end: 10, title: 'A' },
      { start: 10, end: 70, title: 'B' },
    ]);
  });

  it('the whole edit: the stretches kept and the chapters moved; nothing to cut keeps the file', () => {
    const chapters = [{ start: 0, end: 100, title: 'All' }];
    const edit = { mode: 'remove' as const, segments: removed.map((r) => ({ ...r, title: 'Sponsor' })) };
    expect(applySponsorEdit(edit, chapters, 100, 'T')).toEqual({
      keep: [{ start: 0, end: 10 }, { start: 30, end: 50 }, { start: 60 }],
      chapters: [{ start: 0, end: 70, title: 'All' }],
    });
    const everything = { mode: 'remove' as const, segments: [{ start: 0, end: 100, title: 'Sponsor' }] };
    expect(applySponsorEdit(everything, chapters, 100, 'T')).toEqual({ chapters });
  });
});

describe('segments marked as chapters', () => {
  const segments = [
    { start: 20, end: 30, title: 'Sponsor' },
    { start: 0, end: 5, title: 'Intro' },
    { start: 25, end: 35, title: 'Self-promotion' },
  ];

  it('without site chapters: the rest of the file is titled by the video, overlaps start where the earlier ends', () => {
    expect(segmentChapters(segments, [], 60, 'Video')).toEqual([
      { start: 0, end: 5, title: 'Intro' },
      { start: 5, end: 20, title: 'Video' },
      { start: 20, end: 30, title: 'Sponsor' },
      { start: 30, end: 35, title: 'Self-promotion' },
      { start: 35, end: 60, title: 'Video' },
    ]);
  });

  it("the site's chapters are split around the segments and keep their titles", () => {
    const site = [
      { start: 0, end: 25, title: 'One' },
      { start: 25, end: 60, title: 'Two' },
    ];
    expect(segmentChapters([{ start: 20, end: 30, title: 'Sponsor' }], site, 60, '')).toEqual([
      { start: 0, end: 20, title: 'One' },
      { start: 20, end: 30, title: 'Sponsor' },
      { start: 30, end: 60, title: 'Two' },
    ]);
  });
});
