// A target-size plan (target-size.ts) applied to an encode plan: each encoder's quality settings
// give way to its rate settings, the picture is brought down to the planned lines, and a two-pass
// video encode gets its frame timing. Pure.
import type { AudioEncoding, EncodePlan, VideoEncoding } from './encode-plan';
import type { TargetSizePlan } from './target-size';
import { audioRateRules, videoRateRules } from './target-size-codecs';

/**
 * Scales the shorter side down to `lines`, whichever way the picture stands, aspect kept, even
 * sizes (4:2:0 video needs them). Runs after any resize the caller asked.
 */
export function shortSideFilter(lines: number): string {
  const landscape = 'gte(iw,ih)';
  return `scale=w='if(${landscape},-2,min(iw,${lines}))':h='if(${landscape},min(ih,${lines}),-2)'`;
}

/**
 * Muxers ffmpeg gives variable frame timing by default (and AVI, by a rule of its own); the rest
 * get constant timing, with frames repeated or dropped. The first pass (to the null muxer) must
 * see the very frames the second does, or x264 stops on an incomplete statistics file: both passes
 * say the timing outright.
 */
const variableTimingMuxers = new Set(['matroska', 'webm', 'flv', 'avi']);

/** The video encoding without its quality settings, held to the plan's rate and picture. */
function sizedVideo(encoding: VideoEncoding, video: NonNullable<TargetSizePlan['video']>, muxer: string) {
  const { bitRate: _b, crf: _c, qscale: _q, deadline: _d, cpuUsed: _u, ...kept } = encoding;
  const rule = videoRateRules[video.encoder];
  const sized: VideoEncoding = rule
    ? {
        ...kept,
        rateControl: rule.control(video.bitRate),
        frameTiming: variableTimingMuxers.has(muxer) ? 'vfr' : 'cfr',
      }
    : kept;
  if (video.shortSide === undefined) return sized;
  return { ...sized, filters: [shortSideFilter(video.shortSide), ...(sized.filters ?? [])] };
}

function sizedAudio(encoding: AudioEncoding, audio: NonNullable<TargetSizePlan['audio']>): AudioEncoding {
  const {
    bitRate: _b,
    quality: _q,
    averageRate: _a,
    constantRate: _c,
    minRate: _n,
    maxRate: _x,
    ...kept
  } = encoding;
  const rule = audioRateRules[audio.encoder];
  return rule ? { ...kept, ...rule.control(audio.bitRate) } : kept;
}

/** The encode plan with the target-size plan's rates (and picture size) instead of the encoders' defaults. */
export function sizedEncodePlan(plan: EncodePlan, sizing: TargetSizePlan): EncodePlan {
  // A stream copy would ignore the rate: the caller must re-encode what the plan sizes.
  const videoEncoding = plan.video?.encoding;
  const audioEncoding = plan.audio?.encoding;
  if (sizing.video && videoEncoding?.codec !== sizing.video.encoder)
    throw new Error(`A target size needs video encoder ${sizing.video.encoder} in the encode plan`);
  if (sizing.audio && audioEncoding?.codec !== sizing.audio.encoder)
    throw new Error(`A target size needs audio encoder ${sizing.audio.encoder} in the encode plan`);
  return {
    ...plan,
    video:
      plan.video && videoEncoding && sizing.video
        ? { ...plan.video, encoding: sizedVideo(videoEncoding, sizing.video, sizing.muxer) }
        : plan.video,
    audio:
      plan.audio && audioEncoding && sizing.audio
        ? { ...plan.audio, encoding: sizedAudio(audioEncoding, sizing.audio) }
        : plan.audio,
  };
}
