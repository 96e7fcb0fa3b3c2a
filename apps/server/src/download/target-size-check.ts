// A download with a target size is checked before any work: the format must have a bit rate to
// choose (not FLAC or WAV, pictures or subtitles), and the target must be reachable for the
// media's length (the section's, when one is asked) at the lowest sensible quality. The length
// comes from the link's info, read once and kept for the job (the preview usually read it already).
import { takesTargetSize, targetSizeMegabyte } from '@grabbit/catalog';
import type { ClipOptions, DownloadFormatName } from '@grabbit/contracts';
import { AppError } from '../core/app-error';
import { outputTarget } from '../encode/output-targets';
import { planTargetSize, type SizeSource } from '../encode/target-size';
import { TargetSizeError, targetSizeFailure } from '../encode/target-size-errors';
import type { FullInfo } from './media-info';

/** The length a download will have: the section's, or the whole media's. */
function lengthOf(info: FullInfo, clip: ClipOptions): number | undefined {
  if (!info.duration) return undefined;
  const end = Math.min(clip.endTime ?? info.duration, info.duration);
  return Math.max(0, end - (clip.startTime ?? 0));
}

export function checkTargetSize(
  format: DownloadFormatName,
  targetSizeMB: number,
  clip: ClipOptions,
  info: FullInfo,
): void {
  const target = outputTarget(format);
  if (!takesTargetSize(format) || (target.kind !== 'audio' && target.kind !== 'video'))
    throw new AppError(
      'VALIDATION_FAILED',
      `A target size needs an audio or video format with a bit rate, not ${format.toUpperCase()}.`,
    );
  const source: SizeSource = {
    durationSeconds: lengthOf(info, clip),
    ...(target.kind === 'video' && info.width && info.height
      ? { picture: { width: info.width, height: info.height } }
      : {}),
    ...(info.acodec === 'none' ? {} : { sound: {} }),
  };
  try {
    planTargetSize(target.container, source, Math.floor(targetSizeMB * targetSizeMegabyte));
  } catch (error) {
    // An unknown length is checked again once the file is there (its own length is read then).
    if (!(error instanceof TargetSizeError) || error.problem === 'no-duration') return;
    const { code, message } = targetSizeFailure(error);
    throw new AppError(code, message);
  }
}
