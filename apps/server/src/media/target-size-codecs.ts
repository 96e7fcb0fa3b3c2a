// How each encoder of the container table (containers.ts) is held to a bit rate, for a target size:
// the range of rates that still sounds or looks acceptable, and the ffmpeg options that make the
// encoder keep to the rate rather than to a quality. Encoders missing here (PCM, FLAC) have no rate
// to choose, so their outputs take no target size.

const kbps = (bitsPerSecond: number) => `${Math.round(bitsPerSecond / 1000)}k`;

export interface AudioRateRule {
  /** Lowest sensible rate in bit/s (below it speech and music break up, or the encoder refuses). */
  min: number;
  /** Highest useful rate: more gains nothing audible. */
  max: number;
  /** Options after `-c:a <encoder>` that hold it to `rate`. */
  args: (rate: number) => string[];
}

/** MPEG-1 Layer III's constant rates (kbit/s) at 32-48 kHz: LAME rounds any other to the nearest. */
const mp3Rates = [32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320];

/**
 * MP3: a constant rate when one lies just under the asked rate (exact size, any content); otherwise
 * LAME's average rate mode, which aims at any rate (the standard steps are up to 25% apart).
 */
function mp3Args(rate: number): string[] {
  const constant = mp3Rates.filter((step) => step * 1000 <= rate).at(-1);
  if (constant !== undefined && constant * 1000 >= rate * 0.95) return ['-b:a', `${constant}k`];
  return ['-abr', '1', '-b:a', kbps(rate)];
}

export const audioRateRules: Readonly<Record<string, AudioRateRule>> = {
  libmp3lame: { min: 32_000, max: 320_000, args: mp3Args },
  aac: { min: 32_000, max: 320_000, args: (rate) => ['-b:a', kbps(rate)] },
  // Opus's default VBR may spend far more than asked on tonal sound: constant rate keeps the size.
  libopus: { min: 32_000, max: 256_000, args: (rate) => ['-vbr', 'off', '-b:a', kbps(rate)] },
  // Vorbis's average mode spends far less on easy sound; min = max holds it to the rate. Below
  // ~45 kbit/s libvorbis refuses 44.1 kHz stereo.
  libvorbis: {
    min: 48_000,
    max: 320_000,
    args: (rate) => ['-b:a', kbps(rate), '-minrate', kbps(rate), '-maxrate', kbps(rate)],
  },
  wmav2: { min: 32_000, max: 192_000, args: (rate) => ['-b:a', kbps(rate)] },
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
  args: (rate: number) => string[];
}

const bitrateOnly = (rate: number) => ['-b:v', kbps(rate)];

export const videoRateRules: Readonly<Record<string, VideoRateRule>> = {
  libx264: { goodBpp: 0.04, minBpp: 0.02, args: bitrateOnly },
  // Two-pass VP9 needs the "good" deadline (the real-time one writes no first-pass statistics);
  // speed 5 is its fastest.
  'libvpx-vp9': {
    goodBpp: 0.03,
    minBpp: 0.015,
    args: (rate) => ['-deadline', 'good', '-cpu-used', '5', '-b:v', kbps(rate)],
  },
  mpeg4: { goodBpp: 0.06, minBpp: 0.03, args: bitrateOnly },
  wmv2: { goodBpp: 0.06, minBpp: 0.03, args: bitrateOnly },
  h263: { goodBpp: 0.06, minBpp: 0.03, fixedPicture: { width: 352, height: 288 }, args: bitrateOnly },
};

/** Every option a rule sets, and the quality options they replace: removed before a rule applies. */
export const rateOptions: ReadonlySet<string> = new Set([
  '-b:v',
  '-crf',
  '-q:v',
  '-deadline',
  '-cpu-used',
  '-b:a',
  '-q:a',
  '-abr',
  '-vbr',
  '-minrate',
  '-maxrate',
]);

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
