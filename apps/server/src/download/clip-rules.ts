// Checks the options a download request may add against its format, so a request
// that cannot be honoured is a clear 400 before anything starts.
import type { ClipOptions, DownloadFormatName, Quality } from '@grabbit/contracts';
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
