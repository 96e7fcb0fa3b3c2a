// SponsorBlock's segments applied to a finished file, as pure arithmetic on seconds: cut out (the
// stretches to keep, the chapters moved back by what was cut before them) or marked as chapters
// named by category (the site's chapters, or one chapter of the whole file, split around them);
// and the finishing plan of a cut.
import type { ProbeResult } from '../engines/ffprobe';
import type { Chapter, EncodePlan, Span } from './encode-plan';
import { firstStream } from './stream-choice';

/** A stretch of the file SponsorBlock marks, titled by its category (`Sponsor`). */
interface MarkedSegment {
  start: number;
  end: number;
  title: string;
}

/** What the visitor asked of the segments, in the downloaded file's own timeline. */
export interface SponsorEdit {
  mode: 'remove' | 'chapters';
  segments: readonly MarkedSegment[];
}

interface Range {
  start: number;
  end: number;
}

/**
 * Nothing shorter is kept between two cuts, or left as a chapter: a sliver of a frame or two is
 * what rounding and overlapping submissions leave, not content.
 */
const shortest = 0.1;

/**
 * The stretches to remove: in order, clipped to the file, overlapping (or nearly touching)
 * segments merged into one, and the file's start or end joined to a segment that almost reaches it.
 */
export function mergeSegments(segments: readonly Range[], duration?: number): Range[] {
  const limit = duration ?? Infinity;
  const sorted = segments
    .map((s) => ({ start: Math.max(0, s.start), end: Math.min(limit, s.end) }))
    .filter((s) => Number.isFinite(s.start) && s.end > s.start)
    .sort((a, b) => a.start - b.start);
  const merged: Range[] = [];
  for (const segment of sorted) {
    const last = merged.at(-1);
    if (last && segment.start - last.end < shortest) last.end = Math.max(last.end, segment.end);
    else merged.push({ ...segment });
  }
  const first = merged[0];
  if (first && first.start < shortest) first.start = 0;
  const last = merged.at(-1);
  if (last && duration !== undefined && duration - last.end < shortest) last.end = duration;
  return merged;
}

/** What is left once `removed` (merged, in order) is cut out; the last stretch runs to the end. */
export function keptSpans(removed: readonly Range[], duration?: number): Span[] {
  const spans: Span[] = [];
  let from = 0;
  for (const cut of removed) {
    if (cut.start > from) spans.push({ start: from, end: cut.start });
    from = cut.end;
  }
  if (duration === undefined || duration - from >= shortest) spans.push({ start: from });
  return spans;
}

/** Where a moment of the input lands once `removed` is cut out (inside a cut: where the cut was). */
export function movedTime(time: number, removed: readonly Range[]): number {
  let before = 0;
  for (const cut of removed) {
    if (cut.start >= time) break;
    before += Math.min(time, cut.end) - cut.start;
  }
  return time - before;
}

/** The chapters once `removed` is cut out: moved back, and gone when nothing of them is left. */
export function shiftChapters(chapters: readonly Chapter[], removed: readonly Range[]): Chapter[] {
  return chapters
    .map((c) => ({ ...c, start: movedTime(c.start, removed), end: movedTime(c.end, removed) }))
    .filter((c) => c.end - c.start >= shortest);
}

/**
 * The segments as chapters titled by category, the rest of the file keeping the site's chapters
 * (or one chapter titled `title` when it has none) around them. Overlapping segments: the earlier
 * keeps its stretch, the later starts where it ends.
 */
export function segmentChapters(
  segments: readonly MarkedSegment[],
  siteChapters: readonly Chapter[],
  duration: number | undefined,
  title: string,
): Chapter[] {
  const marked: Chapter[] = [];
  for (const segment of [...segments].sort((a, b) => a.start - b.start)) {
    const start = Math.max(segment.start, marked.at(-1)?.end ?? 0, 0);
    const end = Math.min(segment.end, duration ?? Infinity);
    if (end - start >= shortest) marked.push({ start, end, title: segment.title });
  }
  const end = duration ?? Math.max(0, ...marked.map((c) => c.end));
  const base = siteChapters.length ? siteChapters : [{ start: 0, end, title }];
  const around = base.flatMap((chapter) => {
    const pieces: Chapter[] = [];
    let from = chapter.start;
    for (const cut of marked) {
      if (cut.end <= from || cut.start >= chapter.end) continue;
      if (cut.start > from) pieces.push({ ...chapter, start: from, end: cut.start });
      from = Math.max(from, cut.end);
    }
    if (chapter.end > from) pieces.push({ ...chapter, start: from });
    return pieces;
  });
  return [...around.filter((c) => c.end - c.start >= shortest), ...marked].sort((a, b) => a.start - b.start);
}

/** The cut and the chapters of the finished file, for a file of `duration` seconds. */
export function applySponsorEdit(
  edit: SponsorEdit,
  chapters: readonly Chapter[],
  duration: number | undefined,
  title: string,
): { keep?: Span[]; chapters: Chapter[] } {
  if (edit.mode === 'chapters')
    return { chapters: segmentChapters(edit.segments, chapters, duration, title) };
  const removed = mergeSegments(edit.segments, duration);
  const keep = keptSpans(removed, duration);
  // Nothing to cut, or nothing left to keep: the file as it is.
  if (!removed.length || !keep.length) return { chapters: [...chapters] };
  return { keep, chapters: shiftChapters(chapters, removed) };
}

/** The plan keeping `keep` of the streams the file has; subtitles would no longer match: left out. */
export function cutPlan(plan: EncodePlan, keep: readonly Span[], probe: ProbeResult): EncodePlan {
  const { video, audio, subtitles: _subtitles, ...rest } = plan;
  return {
    ...rest,
    keep,
    without: [...new Set([...(plan.without ?? []), 'subtitles' as const])],
    ...(video && firstStream(probe, 'video') ? { video } : {}),
    ...(audio && firstStream(probe, 'audio') ? { audio } : {}),
  };
}
