// yt-dlp arguments for what a visitor chose beyond the format: a section of the video (only the
// needed part is fetched, cut on exact frames), subtitles (embedded, or the file alone), the
// video's picture, an audio bit rate, and a cached info JSON that spares a second extraction.
import type { ClipOptions, Quality } from '@grabbit/contracts';
import type { OutputKind } from '../encode/output-targets';

export interface ClipArgsOptions extends ClipOptions {
  kind: OutputKind;
  /** `thumbnail`: the picture instead of the media. */
  thumbnailOnly: boolean;
  /** The subtitle file's format when the subtitles alone are asked (srt, vtt). */
  subtitleFormat?: string;
}

/** `*2-4`, `*2-inf`, `*0-4`: yt-dlp's section syntax (seconds). */
export function sectionOf(options: ClipOptions): string | undefined {
  if (options.startTime === undefined && options.endTime === undefined) return undefined;
  return `*${options.startTime ?? 0}-${options.endTime ?? 'inf'}`;
}

/** The audio bit rate in kbit/s a quality names (`192k`), if it names one. */
export function audioKbps(quality: Quality): number | undefined {
  return typeof quality === 'string' && quality.endsWith('k') ? Number(quality.slice(0, -1)) : undefined;
}

export function clipArgs(options: ClipArgsOptions): string[] {
  if (options.thumbnailOnly) return ['--skip-download', '--write-thumbnail', '--convert-thumbnails', 'jpg'];
  if (options.kind === 'subtitle') {
    // The site's own subtitles, else its automatic captions (yt-dlp prefers the first when a
    // language has both), as text cues: WebVTT or SubRip when the site has them, else converted.
    return [
      '--skip-download',
      '--write-subs',
      '--write-auto-subs',
      '--sub-langs',
      options.subtitles ?? 'en',
      '--sub-format',
      'vtt/srt/best',
      '--convert-subs',
      options.subtitleFormat ?? 'srt',
    ];
  }
  const args: string[] = [];
  const section = sectionOf(options);
  // Only the section's fragments are fetched; keyframes are forced at the cuts so the clip starts
  // and ends on the asked frames instead of the nearest earlier keyframe.
  if (section) args.push('--download-sections', section, '--force-keyframes-at-cuts');
  if (options.subtitles && options.kind === 'video')
    args.push('--write-subs', '--sub-langs', options.subtitles, '--embed-subs');
  return args;
}
