// How the visitor's optional settings (contracts convert-options.ts) change a conversion: sharp's
// resize, quality and metadata for images; ffmpeg's cut, scale, quality, audio bit rate and
// metadata for audio and video (as changes of the encode plan). Pure: the pipelines apply what
// these return.
import type { ConversionQuality, ConvertOptions } from '@grabbit/contracts';
import { AppError } from '../core/app-error';
import type { AvChoice } from './av-plan';
import type { AudioEncoding, EncodePlan, VideoEncoding } from './encode-plan';

/** The defaults: the conversion as it always was. */
export const defaultConvertOptions: ConvertOptions = { Quality: 'high', StripMetadata: true };

/** JPEG and WebP quality of each level. */
const imageQuality: Record<ConversionQuality, number> = { high: 90, balanced: 80, small: 65 };
/** Added to a video encoder's CRF or q:v (higher is smaller and softer). */
const crfStep: Record<ConversionQuality, number> = { high: 0, balanced: 5, small: 10 };
const qscaleStep: Record<ConversionQuality, number> = { high: 0, balanced: 3, small: 6 };

export interface ImageSettings {
  quality: number;
  maxWidth?: number;
  maxHeight?: number;
  keepMetadata: boolean;
}

export function imageSettings(options: ConvertOptions): ImageSettings {
  return {
    quality: imageQuality[options.Quality],
    maxWidth: options.MaxWidth,
    maxHeight: options.MaxHeight,
    keepMetadata: !options.StripMetadata,
  };
}

const resizes = (o: ConvertOptions) => o.MaxWidth !== undefined || o.MaxHeight !== undefined;

/** A stream is only copied as it is when no option asks to change it (a target size changes both). */
export function restrictCopies(choice: AvChoice, options: ConvertOptions): AvChoice {
  const sized = options.TargetSizeMB !== undefined;
  const reencodeVideo = sized || resizes(options) || options.Quality !== 'high';
  const reencodeAudio = sized || options.AudioBitrate !== undefined || options.Quality !== 'high';
  return {
    ...choice,
    copyVideo: choice.copyVideo && !reencodeVideo,
    copyAudio: choice.copyAudio && !reencodeAudio,
    hevcTag: choice.hevcTag && !reencodeVideo,
  };
}

/** The length of the output, for progress: the cut when there is one. */
export function outputDuration(inputSeconds: number | undefined, o: ConvertOptions): number | undefined {
  if (inputSeconds === undefined) return undefined;
  const end = Math.min(o.EndTime ?? inputSeconds, inputSeconds);
  return Math.max(0, end - (o.StartTime ?? 0));
}

/** The picture size MaxWidth x MaxHeight leaves (as scaleFilter makes it), for the target-size plan. */
export function fittedPicture(
  picture: { width: number; height: number },
  o: ConvertOptions,
): { width: number; height: number } {
  const scale = Math.min(
    1,
    (o.MaxWidth ?? Infinity) / picture.width,
    (o.MaxHeight ?? Infinity) / picture.height,
  );
  return { width: Math.round(picture.width * scale), height: Math.round(picture.height * scale) };
}

/** Fits inside MaxWidth x MaxHeight, aspect kept, never enlarged, even sizes for 4:2:0 video. */
function scaleFilter(o: ConvertOptions): string {
  const width = o.MaxWidth === undefined ? 'iw' : `min(iw\\,${o.MaxWidth})`;
  const height = o.MaxHeight === undefined ? 'ih' : `min(ih\\,${o.MaxHeight})`;
  return `scale=${width}:${height}:force_original_aspect_ratio=decrease:force_divisible_by=2`;
}

/** A re-encoded picture resized, and its CRF or quantiser moved by the quality level. */
function videoWithOptions(v: VideoEncoding, o: ConvertOptions): VideoEncoding {
  return {
    ...v,
    filters: resizes(o) ? [scaleFilter(o), ...(v.filters ?? [])] : v.filters,
    crf: v.crf === undefined ? undefined : v.crf + crfStep[o.Quality],
    qscale: v.qscale === undefined ? undefined : Math.min(31, v.qscale + qscaleStep[o.Quality]),
  };
}

/** An asked audio bit rate replaces the encoder's rate or quality; PCM and FLAC have neither. */
function audioWithOptions(a: AudioEncoding, bitRate: string | undefined): AudioEncoding {
  if (!bitRate || (a.bitRate === undefined && a.quality === undefined)) return a;
  return { ...a, bitRate, quality: undefined };
}

/** The encode plan with the visitor's options applied. */
export function applyAvOptions(plan: EncodePlan, choice: AvChoice, o: ConvertOptions): EncodePlan {
  const { video, audio } = plan;
  const cut = o.StartTime !== undefined || o.EndTime !== undefined;
  return {
    ...plan,
    cut: cut ? { start: o.StartTime, end: o.EndTime } : plan.cut,
    metadata: !o.StripMetadata && plan.metadata ? 'keep' : plan.metadata,
    video:
      video?.encoding && !choice.copyVideo
        ? { ...video, encoding: videoWithOptions(video.encoding, o) }
        : video,
    audio:
      audio?.encoding && !choice.copyAudio
        ? { ...audio, encoding: audioWithOptions(audio.encoding, o.AudioBitrate) }
        : audio,
  };
}

/** A cut that starts at or after the end would make an empty file: refused once the length is known. */
export function checkCut(inputSeconds: number | undefined, o: ConvertOptions): void {
  if (o.StartTime === undefined || inputSeconds === undefined || o.StartTime < inputSeconds) return;
  throw new AppError(
    'VALIDATION_FAILED',
    `StartTime must be before the end of the file (${inputSeconds.toFixed(1)} seconds).`,
  );
}
