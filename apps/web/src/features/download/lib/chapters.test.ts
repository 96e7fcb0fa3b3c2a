import { describe, expect, it } from 'vitest';
import { chapterTrim, isChapterTrim } from './chapters';
import { choiceFields, noChoice } from './clip-choice';

const opening = { title: 'Opening', start: 0, end: 3 };
const middle = { title: 'Middle', start: 3, end: 6.5 };

describe('a chapter as the trim', () => {
  it('sets the trim to the chapter, sent as its start and end', () => {
    expect(chapterTrim(middle)).toEqual({ start: '3', end: '6.5' });
    expect(chapterTrim({ title: 'x', start: 1 / 3, end: 2 })).toEqual({ start: '0.333', end: '2' });
    expect(choiceFields({ ...noChoice, ...chapterTrim(middle) }, 'mp4')).toMatchObject({
      startTime: 3,
      endTime: 6.5,
    });
    // The first chapter starts the video: only its end is sent.
    expect(choiceFields({ ...noChoice, ...chapterTrim(opening) }, 'mp4')).not.toHaveProperty('startTime');
  });

  it('knows which chapter the trim is, typed or picked', () => {
    expect(isChapterTrim(chapterTrim(middle), middle)).toBe(true);
    expect(isChapterTrim({ start: '', end: '3' }, opening)).toBe(true);
    expect(isChapterTrim({ start: '3.0', end: '6.50' }, middle)).toBe(true);
    expect(isChapterTrim({ start: '', end: '' }, opening)).toBe(false);
    expect(isChapterTrim({ start: '3', end: '6' }, middle)).toBe(false);
  });
});
