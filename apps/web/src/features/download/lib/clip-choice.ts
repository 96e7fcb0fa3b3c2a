// What the visitor picked in the preview card, and how it becomes request fields. Pure, so the
// rules are unit-tested without a browser.
import { takesTargetSize, type DownloadFormat, type SponsorBlockMode } from '@grabbit/catalog';
import type { TranscriptFormat } from './transcript-choice';

export interface ClipChoice {
  /** `best`, `720p`, or an audio bit rate `128k`. */
  quality: string;
  /** Seconds as typed; empty means "from the start" / "to the end". */
  start: string;
  end: string;
  /** A subtitle language, or empty for none. */
  subtitles: string;
  /** A transcript format (txt, md, srt, vtt, json) to save instead of the video, or empty for none. */
  transcript: TranscriptFormat | '';
  /** The transcript's language: one of the site's subtitles or automatic captions. */
  transcriptLanguage: string;
  /** One file per chapter (a zip), the whole video cut at its chapters. */
  splitChapters: boolean;
  /** Only the video's picture, as JPEG. */
  pictureOnly: boolean;
  /** Megabytes the file must fit, as typed; empty means no target. */
  targetSize: string;
  /** Leave the source's title, artist, date, link and cover out of the file (they are in by default). */
  noTags: boolean;
  /** SponsorBlock's segments (platforms it knows): kept, removed or marked as chapters. */
  sponsorBlock: SponsorBlockMode;
}

export const noChoice: ClipChoice = {
  quality: 'best',
  start: '',
  end: '',
  subtitles: '',
  transcript: '',
  transcriptLanguage: '',
  splitChapters: false,
  pictureOnly: false,
  targetSize: '',
  noTags: false,
  sponsorBlock: 'off',
};

export interface ChoiceFields {
  format: DownloadFormat;
  quality: string;
  startTime?: number;
  endTime?: number;
  subtitles?: string;
  targetSizeMB?: number;
  /** false: no tags or cover in the file. */
  tags?: false;
  sponsorBlock?: Exclude<SponsorBlockMode, 'off'>;
  splitChapters?: true;
}

export const audioFormats: ReadonlySet<string> = new Set(['mp3', 'm4a', 'flac', 'wav', 'ogg']);

/** A height only fits video formats and a bit rate only audio ones; anything else is `best`. */
export function qualityFor(quality: string, format: DownloadFormat): string {
  const audio = audioFormats.has(format);
  if (audio ? /^\d+k$/.test(quality) : /^\d+p$/.test(quality)) return quality;
  return 'best';
}

/** A number as typed; empty means none. */
const seconds = (text: string) => (text.trim() === '' ? undefined : Number(text));

/** The section's problem, if any, in words for the field (the server checks again). */
export function trimError(
  choice: Pick<ClipChoice, 'start' | 'end'>,
  duration: number | null,
): string | undefined {
  const start = seconds(choice.start);
  const end = seconds(choice.end);
  if (start !== undefined && !(start >= 0)) return 'The start must be 0 or more seconds.';
  if (end !== undefined && !(end > 0)) return 'The end must be more than 0 seconds.';
  if (start !== undefined && end !== undefined && end <= start) return 'The end must be after the start.';
  if (duration && ((start ?? 0) >= duration || (end ?? 0) > duration + 0.5))
    return `The video is ${Math.round(duration)} s long.`;
  return undefined;
}

/** Seconds the clip will last, when it is cut. */
export function clipSeconds(
  choice: Pick<ClipChoice, 'start' | 'end'>,
  duration: number | null,
): number | null {
  const start = seconds(choice.start) ?? 0;
  const end = seconds(choice.end) ?? duration;
  if (end === null || end === undefined || end <= start) return null;
  return end - start;
}

export function choiceFields(choice: ClipChoice, format: DownloadFormat): ChoiceFields {
  const fields: ChoiceFields = { format, quality: qualityFor(choice.quality, format) };
  const start = seconds(choice.start);
  const end = seconds(choice.end);
  if (choice.pictureOnly) return { format: 'thumbnail', quality: 'best' };
  if (choice.transcript && choice.transcriptLanguage)
    return { format: choice.transcript, quality: 'best', subtitles: choice.transcriptLanguage };
  // The chapters are the whole video's: a file split at them is not trimmed as well.
  if (choice.splitChapters) fields.splitChapters = true;
  else {
    if (start !== undefined && start > 0) fields.startTime = start;
    if (end !== undefined) fields.endTime = end;
  }
  if (choice.subtitles) fields.subtitles = choice.subtitles;
  if (choice.noTags) fields.tags = false;
  const megabytes = seconds(choice.targetSize);
  if (takesTargetSize(format) && megabytes !== undefined && megabytes > 0) fields.targetSizeMB = megabytes;
  // A file fitted to a size keeps its whole length (the card hides the choice then).
  else if (choice.sponsorBlock !== 'off') fields.sponsorBlock = choice.sponsorBlock;
  return fields;
}

/** `1:05` for 65 seconds. */
export function formatDuration(total: number): string {
  const whole = Math.round(total);
  const hours = Math.floor(whole / 3600);
  const minutes = Math.floor((whole % 3600) / 60);
  const rest = String(whole % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${rest}` : `${minutes}:${rest}`;
}
