// The failures a visitor can cause during a conversion, each with a stable code and a human message.
import type { ConverterKind } from '@grabbit/catalog';
import { AppError } from '../core/app-error';
import { EngineError } from '../engines/engine-run';
import { OutputLimitError } from '../engines/ffmpeg-run';
import { TargetSizeError, targetSizeFailure } from '../encode/target-size-errors';
import { outputTooBig, outputTooLong } from './output-bounds';

const kindNames: Record<ConverterKind, string> = { image: 'image', video: 'video', audio: 'audio' };

export function unsupportedFormat(kind: ConverterKind): AppError {
  return new AppError('UNSUPPORTED_FORMAT', `This file is not a supported ${kindNames[kind]} format.`);
}

export function unsupportedConversion(from: string, to: string): AppError {
  return new AppError(
    'UNSUPPORTED_CONVERSION',
    `Converting ${from.toUpperCase()} to ${to.toUpperCase()} is not supported.`,
  );
}

export function imageTooLarge(width: number, height: number, maxPixels: number): AppError {
  const megapixels = Math.round(maxPixels / 1e6);
  return new AppError(
    'IMAGE_TOO_LARGE',
    `The picture is ${width}x${height} pixels; the converter takes at most ${megapixels} megapixels.`,
  );
}

const pixelLimitWords =
  /exceeds limit|pixel limit|max_pixels|too large|exceeds the|Picture size .* is invalid/i;

/** Turns an engine failure into what the visitor sees; the engine's own words go to the log only. */
export function conversionFailure(error: unknown): AppError {
  if (error instanceof AppError) return error;
  if (error instanceof OutputLimitError)
    return error.bound === 'bytes' ? outputTooBig(error.limit) : outputTooLong(error.limit);
  if (error instanceof TargetSizeError) {
    const failure = targetSizeFailure(error);
    return new AppError(failure.code, failure.message);
  }
  if (error instanceof EngineError) {
    if (error.timedOut) {
      return new AppError(
        'CONVERSION_TIMEOUT',
        'The conversion took too long and was stopped. Try a smaller file.',
      );
    }
    if (pixelLimitWords.test(error.detail)) {
      return new AppError('IMAGE_TOO_LARGE', 'The picture is too large to convert.');
    }
    return new AppError(
      'CONVERSION_FAILED',
      'The file could not be converted. It may be damaged or use an unsupported variant.',
    );
  }
  // sharp reports its pixel limit and broken input as plain errors.
  const message = error instanceof Error ? error.message : String(error);
  if (/pixel limit/i.test(message))
    return new AppError('IMAGE_TOO_LARGE', 'The picture is too large to convert.');
  if (/Input|unsupported image format|corrupt|premature|VipsJpeg|vipspng|bad seek|truncated/i.test(message)) {
    return new AppError(
      'CONVERSION_FAILED',
      'The file could not be converted. It may be damaged or use an unsupported variant.',
    );
  }
  return new AppError('INTERNAL_ERROR', 'Something went wrong on our side. Please try again.');
}
