// The bytes a second of a planned output takes at least, read from the plan and the probe of its
// input: what a bound on the output's size can refuse before any work (convert/output-bounds.ts).
import type { ProbeResult } from '../engines/ffprobe';
import type { EncodePlan } from './encode-plan';
import { firstStream } from './stream-choice';

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

/** An output's bytes from its plan: the length times what a second takes at least. */
export const bytesOfPlan = (plan: EncodePlan, probe: ProbeResult) => (seconds: number) =>
  seconds * foreseenBytesPerSecond(plan, probe);
