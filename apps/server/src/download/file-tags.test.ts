import { describe, expect, it } from 'vitest';
import { chaptersInSection } from './file-tags';

const chapters = [
  { title: 'Opening', start: 0, end: 3 },
  { title: 'Main part', start: 3, end: 7 },
  { title: 'Closing', start: 7, end: 10 },
];

describe('chapters of a cut section', () => {
  it('keeps every chapter of an uncut file', () => {
    expect(chaptersInSection(chapters, {})).toEqual(chapters);
  });

  it('keeps the chapters the section overlaps, cut to it and timed from its start', () => {
    expect(chaptersInSection(chapters, { startTime: 3, endTime: 7 })).toEqual([
      { title: 'Main part', start: 0, end: 4 },
    ]);
    expect(chaptersInSection(chapters, { startTime: 2, endTime: 8 })).toEqual([
      { title: 'Opening', start: 0, end: 1 },
      { title: 'Main part', start: 1, end: 5 },
      { title: 'Closing', start: 5, end: 6 },
    ]);
    expect(chaptersInSection(chapters, { startTime: 8 })).toEqual([{ title: 'Closing', start: 0, end: 2 }]);
  });
});
