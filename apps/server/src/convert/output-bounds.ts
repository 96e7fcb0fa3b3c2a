// The bounds on what one conversion may write: CONVERT_MAX_OUTPUT_BYTES and
// CONVERT_MAX_OUTPUT_SECONDS. A small upload can decode to a huge result (an hour of silent Opus,
// 1.4 MB, is 691 MB of WAV), so the result is bounded, not only the upload. What the probe and
// the plan foresee (the length, and the bytes of every stream whose rate is known:
// encode/foreseen-bytes.ts) is refused before any work; the engine run stops a result that passes
// the bound while written (engines/ffmpeg-run.ts).
import { formatMegabytes } from '@grabbit/catalog';
import { AppError } from '../core/app-error';
import type { Config } from '../config/env';
import type { OutputLimits } from '../engines/ffmpeg-run';

export function outputLimits(config: Config): OutputLimits {
  return { maxBytes: config.CONVERT_MAX_OUTPUT_BYTES, maxSeconds: config.CONVERT_MAX_OUTPUT_SECONDS };
}

const sizeText = (bytes: number) =>
  bytes >= 1024 ** 3 ? `${(bytes / 1024 ** 3).toFixed(1)} GB` : formatMegabytes(bytes);
function lengthText(seconds: number): string {
  if (seconds >= 3600) return `${(seconds / 3600).toFixed(1)} hours`;
  return seconds >= 600 ? `${Math.round(seconds / 60)} minutes` : `${seconds} seconds`;
}

export function outputTooLong(maxSeconds: number): AppError {
  return new AppError(
    'OUTPUT_TOO_LARGE',
    `The result would be longer than the converter's limit of ${lengthText(maxSeconds)}. Cut the file shorter.`,
  );
}

export function outputTooBig(maxBytes: number, foreseenBytes?: number): AppError {
  const foreseen = foreseenBytes === undefined ? '' : ` (about ${sizeText(foreseenBytes)})`;
  return new AppError(
    'OUTPUT_TOO_LARGE',
    `The result would be larger than the converter's limit of ${sizeText(maxBytes)}${foreseen}. ` +
      'Choose a compressed format, a lower bit rate or a shorter cut.',
  );
}

/**
 * Refuses before any work a result whose length, or bytes (the length times the known rates, or
 * the target size when one is asked), pass a bound.
 */
export function checkForeseenOutput(
  limits: OutputLimits,
  outputSeconds: number | undefined,
  foreseenBytes: (seconds: number) => number,
): void {
  if (outputSeconds === undefined) return;
  if (outputSeconds > limits.maxSeconds) throw outputTooLong(limits.maxSeconds);
  const bytes = foreseenBytes(outputSeconds);
  if (bytes > limits.maxBytes) throw outputTooBig(limits.maxBytes, bytes);
}
