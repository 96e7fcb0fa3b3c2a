// The preview card's transcript: the forms a transcript is saved in, and the languages the site
// offers (its own subtitles, then automatic captions). Pure, so the rules are unit-tested.
import type { DownloadFormat } from '@grabbit/catalog';
import type { MediaInfoResponse } from '@grabbit/contracts';

export type TranscriptFormat = Extract<DownloadFormat, 'txt' | 'md' | 'srt' | 'vtt' | 'json'>;

/** The forms in the order the card offers them, with what each is. */
export const transcriptFormats: readonly { value: TranscriptFormat; label: string }[] = [
  { value: 'txt', label: 'Plain text (.txt)' },
  { value: 'md', label: 'Markdown with timestamps (.md)' },
  { value: 'srt', label: 'SRT subtitles (.srt)' },
  { value: 'vtt', label: 'WebVTT subtitles (.vtt)' },
  { value: 'json', label: 'JSON with timings (.json)' },
];

export interface TranscriptLanguage {
  /** The value sent as `subtitles`. */
  language: string;
  label: string;
}

/**
 * Every language a transcript can be saved in: the site's subtitles first, then its automatic
 * captions in languages the subtitles do not have (where a language has both, the server saves
 * the subtitles).
 */
export function transcriptLanguages(
  info: Pick<MediaInfoResponse, 'subtitles' | 'automaticCaptions'>,
): TranscriptLanguage[] {
  const named = (language: string, name: string | null) => (name ? `${name} (${language})` : language);
  const own = info.subtitles.map((s) => ({ language: s.language, label: named(s.language, s.name) }));
  const taken = new Set(own.map((s) => s.language));
  const automatic = info.automaticCaptions
    .filter((c) => !taken.has(c.language))
    .map((c) => ({ language: c.language, label: `${named(c.language, c.name)}, automatic captions` }));
  return [...own, ...automatic];
}
