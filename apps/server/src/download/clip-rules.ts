// Checks the options a download request may add against its format, so a request
// that cannot be honoured is a clear 400 before anything starts.
import type { Platform } from '@grabbit/catalog';
import type { ClipOptions, DownloadFormatName, FileOptions, Quality } from '@grabbit/contracts';
import { AppError } from '../core/app-error';
import { audioKbps } from '../ytdlp';
import { outputTarget } from '../encode/output-targets';

const invalid = (message: string) => new AppError('VALIDATION_FAILED', message);

export function checkClipOptions(
  format: DownloadFormatName,
  options: ClipOptions & { quality: Quality },
): void {
  const kind = outputTarget(format).kind;
  if (audioKbps(options.quality) !== undefined && kind !== 'audio')
    throw invalid('quality: an audio bit rate such as "192k" needs an audio format (mp3, m4a, ogg...)');
  const { startTime, endTime } = options;
  if (startTime !== undefined && endTime !== undefined && endTime <= startTime)
    throw invalid('endTime: must be later than startTime');
  if ((startTime !== undefined || endTime !== undefined) && (kind === 'subtitle' || format === 'thumbnail'))
    throw invalid(
      `startTime: a section cannot be cut from ${format === 'thumbnail' ? 'a picture' : 'subtitles'}`,
    );
  if (kind === 'subtitle' && !options.subtitles)
    throw invalid(`subtitles: choose the subtitle language to download as ${format.toUpperCase()}`);
}

/** SponsorBlock knows the videos of the platforms the catalog says, and cuts audio and video only. */
export function checkSponsorBlock(
  platform: Platform,
  format: DownloadFormatName,
  options: FileOptions & { targetSizeMB?: number },
): void {
  if (!options.sponsorBlock || options.sponsorBlock === 'off') return;
  if (!platform.sponsorBlock)
    throw invalid(`sponsorBlock: SponsorBlock knows no ${platform.name} videos; send "off" or leave it out`);
  const kind = outputTarget(format).kind;
  if (kind !== 'audio' && kind !== 'video')
    throw invalid('sponsorBlock: segments are removed or marked in audio and video formats only');
  // A file fitted to a size is encoded from its whole length in two passes, with no cut.
  if (options.targetSizeMB !== undefined)
    throw invalid('sponsorBlock: a file fitted to a target size keeps its whole length; leave one out');
}
