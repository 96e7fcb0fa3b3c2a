// A video's chapters in the preview card: each can be picked as the trim range. Pure, so the
// rules are unit-tested.
import type { MediaChapter } from '@grabbit/contracts';
import type { ClipChoice } from './clip-choice';

/** Seconds as the trim fields show them: at most three decimals, no trailing zeros. */
const asTyped = (seconds: number) => String(Math.round(seconds * 1000) / 1000);

/** The trim that keeps exactly `chapter`. */
export function chapterTrim(chapter: MediaChapter): Pick<ClipChoice, 'start' | 'end'> {
  return { start: asTyped(chapter.start), end: asTyped(chapter.end) };
}

/** Whether the trim is `chapter`'s (an empty start is the video's start). */
export function isChapterTrim(choice: Pick<ClipChoice, 'start' | 'end'>, chapter: MediaChapter): boolean {
  const start = choice.start.trim() === '' ? 0 : Number(choice.start);
  const picked = chapterTrim(chapter);
  return (
    start === Number(picked.start) && choice.end.trim() !== '' && Number(choice.end) === Number(picked.end)
  );
}
