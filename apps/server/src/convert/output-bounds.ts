// The bounds on what one conversion may write: CONVERT_MAX_OUTPUT_BYTES and
// CONVERT_MAX_OUTPUT_SECONDS. A small upload can decode to a huge result (an hour of silent Opus,
// 1.4 MB, is 691 MB of WAV), so the result is bounded, not only the upload. What the probe and
// the plan foresee (the length, and the bytes of every stream whose rate is known) is refused
// before any work; the engine run stops a result that passes the bound while written
// (engines/ffmpeg-run.ts).
import { formatMegabytes } from '@grabbit/catalog';
import { AppError } from '../core/app-error';
import type { Config } from '../config/env';
import type { EncodePlan } from '../encode/encode-plan';
import type { ProbeResult } from '../engines/ffprobe';
import type { OutputLimits } from '../engines/ffmpeg-run';
import { firstStream } from '../encode/stream-choice';

export function outputLimits(config: Config): OutputLimits {
  return { maxBytes: config.CONVERT_MAX_OUTPUT_BYTES, maxSeconds: config.CONVERT_MAX_OUTPUT_SECONDS };
}

/** Bytes per sample of the PCM encoders the converter writes. */
const pcmBytesPerSample: Readonly<Record<string, number>> = { pcm_s16le: 2, pcm_s16be: 2 };

/** ffmpeg's rate notation (`192k`, `1.5M`, `0`) in bits per second. */
function bitsPerSecond(rate: string | undefined): number {
  const match = /^(\d+(?:\.\d+)?)([kM]?)$/.exec(rate ?? '');
  if (!match) return 0;
  return Number(match[1]) * (match[2] === 'M' ? 1e6 : match[2] === 'k' ? 1e3 : 1);
}

/**
 * The bytes a second of the output takes at least: copied streams at their probed rate, encoders
 * held to a rate at that rate, PCM at its sample rate and channels. Encoders at a quality (CRF,
 * FLAC) count nothing: only the bound while writing holds them.
 */
export function foreseenBytesPerSecond(plan: EncodePlan, probe: ProbeResult): number {
  const sound = firstStream(probe, 'audio');
  const picture = firstStream(probe, 'video');
  let bits = 0;
  const audio = plan.audio?.encoding;
  if (audio && sound) {
    const pcmBytes = pcmBytesPerSample[audio.codec];
    if (audio.codec === 'copy') bits += sound.bitRate ?? 0;
    else if (pcmBytes !== undefined)
      bits +=
        (audio.sampleRate ?? sound.sampleRate ?? 0) * (audio.channels ?? sound.channels ?? 0) * pcmBytes * 8;
    else bits += bitsPerSecond(audio.bitRate);
  }
  const video = plan.video?.encoding;
  if (video && picture && !plan.without?.includes('video')) {
    if (video.codec === 'copy') bits += picture.bitRate ?? 0;
    else bits += bitsPerSecond(video.rateControl?.bitRate ?? video.bitRate);
  }
  return bits / 8;
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

/** An output's bytes from its plan: the length times what a second takes at least. */
export const bytesOfPlan = (plan: EncodePlan, probe: ProbeResult) => (seconds: number) =>
  seconds * foreseenBytesPerSecond(plan, probe);
