// What a downloaded file carries beyond its media: the source's title, uploader, date and link as
// the container's own tags, the video's picture as cover art where the container takes one, and
// the site's chapters. Every value goes through the name rule (no control or bidi characters).
import { safeTitle } from '@grabbit/contracts';
import type { ClipOptions, DownloadFormatName, FileOptions } from '@grabbit/contracts';
import type { Chapter } from '../encode/encode-plan';
import { outputTarget } from '../encode/output-targets';
import type { DownloadResultInfo, TagSource } from '../ytdlp';

const clean = (value: string | null | undefined) => safeTitle(value ?? undefined, '');

/** yt-dlp's `20260101` as `2026-01-01` (ID3v2, MP4 and Vorbis comments all read this form). */
function isoDate(value: string | null | undefined): string | undefined {
  const match = /^(\d{4})(\d{2})(\d{2})$/.exec(value ?? '');
  return match ? `${match[1]}-${match[2]}-${match[3]}` : undefined;
}

/**
 * The tags ffmpeg writes under its common names: `title`, `artist` (the artist the site names,
 * else the uploader or channel), `date` and `comment` (the source link: the one tag every
 * container and player shows).
 */
export function fileTagsOf(info: TagSource, link: string): Record<string, string> {
  const tags: Record<string, string | undefined> = {
    title: clean(info.title),
    artist: clean(info.artist ?? info.creator ?? info.uploader ?? info.channel),
    date: isoDate(info.release_date ?? info.upload_date),
    comment: clean(info.webpage_url ?? link),
  };
  return Object.fromEntries(
    Object.entries(tags).filter((entry): entry is [string, string] => Boolean(entry[1])),
  );
}

/** The site's chapters in order, each with a title and a length; none when any is broken. */
export function chaptersOf(info: Pick<DownloadResultInfo, 'chapters'>): Chapter[] {
  const chapters = (info.chapters ?? []).map((c, index) => ({
    start: c.start_time ?? Number.NaN,
    end: c.end_time ?? Number.NaN,
    title: clean(c.title) || `Chapter ${index + 1}`,
  }));
  const sound = chapters.every((c) => Number.isFinite(c.start) && Number.isFinite(c.end) && c.end > c.start);
  return sound ? chapters.sort((a, b) => a.start - b.start) : [];
}

/**
 * The chapters of a cut section, timed from its start: those it overlaps, cut to it (a chapter
 * past the section's end would otherwise stretch the file's length to the whole video's).
 */
export function chaptersInSection(
  chapters: readonly Chapter[],
  section: Pick<ClipOptions, 'startTime' | 'endTime'>,
): Chapter[] {
  const from = section.startTime ?? 0;
  const to = section.endTime ?? Number.POSITIVE_INFINITY;
  return chapters
    .filter((c) => c.end > from && c.start < to)
    .map((c) => ({ ...c, start: Math.max(c.start, from) - from, end: Math.min(c.end, to) - from }));
}

/** Whether yt-dlp should save the picture: tags on, and an audio container that takes a cover. */
export function wantsCover(format: DownloadFormatName, options: FileOptions): boolean {
  const target = outputTarget(format);
  return options.tags !== false && target.kind === 'audio' && Boolean(target.container.coverArt);
}
