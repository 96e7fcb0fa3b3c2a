// How each encoder of the container table (containers.ts) is held to a bit rate, for a target size:
// the range of rates that still sounds or looks acceptable, and the ffmpeg options that make the
// encoder keep to the rate rather than to a quality. Encoders missing here (PCM, FLAC) have no rate
// to choose, so their outputs take no target size.
import type { AudioEncoding, VideoRateControl } from './encode-plan';

/** The settings of an audio encoding that a rate rule sets. */
export type AudioRateControl = Pick<
  AudioEncoding,
  'averageRate' | 'constantRate' | 'bitRate' | 'minRate' | 'maxRate'
>;

const kbps = (bitsPerSecond: number) => `${Math.round(bitsPerSecond / 1000)}k`;

export interface AudioRateRule {
  /** Lowest sensible rate in bit/s (below it speech and music break up, or the encoder refuses). */
  min: number;
  /** Highest useful rate: more gains nothing audible. */
  max: number;
  /** The settings that hold it to `rate`. */
  control: (rate: number) => AudioRateControl;
}

/** MPEG-1 Layer III's constant rates (kbit/s) at 32-48 kHz: LAME rounds any other to the nearest. */
const mp3Rates = [32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320];

/**
 * MP3: a constant rate when one lies just under the asked rate (exact size, any content); otherwise
 * LAME's average rate mode, which aims at any rate (the standard steps are up to 25% apart).
 */
function mp3Control(rate: number): AudioRateControl {
  const constant = mp3Rates.filter((step) => step * 1000 <= rate).at(-1);
  if (constant !== undefined && constant * 1000 >= rate * 0.95) return { bitRate: `${constant}k` };
  return { averageRate: true, bitRate: kbps(rate) };
}

const bitRateOf = (rate: number): AudioRateControl => ({ bitRate: kbps(rate) });

export const audioRateRules: Readonly<Record<string, AudioRateRule>> = {
  libmp3lame: { min: 32_000, max: 320_000, control: mp3Control },
  aac: { min: 32_000, max: 320_000, control: bitRateOf },
  // Opus's default VBR may spend far more than asked on tonal sound: constant rate keeps the size.
  libopus: { min: 32_000, max: 256_000, control: (rate) => ({ constantRate: true, bitRate: kbps(rate) }) },
  // Vorbis's average mode spends far less on easy sound; min = max holds it to the rate. Below
  // ~45 kbit/s libvorbis refuses 44.1 kHz stereo.
  libvorbis: {
    min: 48_000,
    max: 320_000,
    control: (rate) => ({ bitRate: kbps(rate), minRate: kbps(rate), maxRate: kbps(rate) }),
  },
  wmav2: { min: 32_000, max: 192_000, control: bitRateOf },
};

export interface VideoRateRule {
  /**
   * Bits per pixel per frame for an acceptable picture: below it the picture is made smaller
   * (down to 240 lines) rather than blockier.
   */
  goodBpp: number;
  /** Bits per pixel per frame at the lowest sensible quality, at the smallest picture. */
  minBpp: number;
  /** A picture size the encoder always makes (H.263's CIF): never scaled for the rate. */
  fixedPicture?: { width: number; height: number };
  control: (rate: number) => VideoRateControl;
}

const bitrateOnly = (rate: number): VideoRateControl => ({ bitRate: kbps(rate) });

export const videoRateRules: Readonly<Record<string, VideoRateRule>> = {
  libx264: { goodBpp: 0.04, minBpp: 0.02, control: bitrateOnly },
  // Two-pass VP9 needs the "good" deadline (the real-time one writes no first-pass statistics);
  // speed 5 is its fastest.
  'libvpx-vp9': {
    goodBpp: 0.03,
    minBpp: 0.015,
    control: (rate) => ({ deadline: 'good', cpuUsed: 5, bitRate: kbps(rate) }),
  },
  mpeg4: { goodBpp: 0.06, minBpp: 0.03, control: bitrateOnly },
  wmv2: { goodBpp: 0.06, minBpp: 0.03, control: bitrateOnly },
  h263: { goodBpp: 0.06, minBpp: 0.03, fixedPicture: { width: 352, height: 288 }, control: bitrateOnly },
};

/**
 * Container bytes per second of media beyond the streams (frame headers, index), by muxer; a
 * little over what ffmpeg's muxers write for ~30 frames and ~45 audio packets a second.
 */
const muxerBytesPerSecond: Readonly<Record<string, number>> = {
  mp4: 1200,
  mov: 1200,
  ipod: 1200,
  '3gp': 1200,
  matroska: 1200,
  webm: 1200,
  avi: 2000,
  asf: 2500,
  flv: 1500,
  mp3: 50,
  adts: 400,
  ogg: 300,
};

/** Headers, index and tags of a file whatever its length. */
const fixedOverheadBytes = 8 * 1024;

export function containerOverheadBytes(muxer: string, durationSeconds: number): number {
  return fixedOverheadBytes + (muxerBytesPerSecond[muxer] ?? 2500) * durationSeconds;
}
