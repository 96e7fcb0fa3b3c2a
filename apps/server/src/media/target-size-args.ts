// A target-size plan (target-size.ts) applied to an ffmpeg output argument list: each encoder's
// quality options give way to its rate options, the picture is brought down to the planned lines,
// and a two-pass video encode gets its pass options. Pure.
import { insertAfterOption, optionValue, prependVideoFilter, withoutOptions } from './output-args';
import type { TargetSizePlan } from './target-size';
import { audioRateRules, rateOptions, videoRateRules } from './target-size-codecs';

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

function frameTiming(muxer: string): string[] {
  return ['-fps_mode', variableTimingMuxers.has(muxer) ? 'vfr' : 'cfr'];
}

/** The output arguments with the plan's rates (and picture size) instead of the encoders' defaults. */
export function sizedOutputArgs(outputArgs: readonly string[], plan: TargetSizePlan): string[] {
  // A stream copy (`-c:v copy`) would ignore the rate: the caller must re-encode what the plan sizes.
  for (const [flag, stream] of [
    ['-c:v', plan.video],
    ['-c:a', plan.audio],
  ] as const) {
    if (stream && optionValue(outputArgs, flag) !== stream.encoder) {
      throw new Error(`A target size needs ${flag} ${stream.encoder} in the output arguments`);
    }
  }
  const args = withoutOptions(outputArgs, rateOptions);
  if (plan.video) {
    const rule = videoRateRules[plan.video.encoder];
    if (rule) insertAfterOption(args, '-c:v', [...rule.args(plan.video.bitRate), ...frameTiming(plan.muxer)]);
    if (plan.video.shortSide !== undefined) prependVideoFilter(args, shortSideFilter(plan.video.shortSide));
  }
  if (plan.audio) {
    const rule = audioRateRules[plan.audio.encoder];
    if (rule) insertAfterOption(args, '-c:a', rule.args(plan.audio.bitRate));
  }
  return args;
}

/**
 * The first pass of a two-pass encode: the picture only, analysed into `logPrefix` files and
 * thrown away (the null muxer writes nothing). The second pass reads the same files.
 */
export function firstPassArgs(sizedArgs: readonly string[], logPrefix: string): string[] {
  const args = withoutOptions(sizedArgs, new Set(['-movflags', '-f']));
  return [...args, '-an', '-pass', '1', '-passlogfile', logPrefix, '-f', 'null'];
}

export function secondPassArgs(sizedArgs: readonly string[], logPrefix: string): string[] {
  return [...sizedArgs, '-pass', '2', '-passlogfile', logPrefix];
}
