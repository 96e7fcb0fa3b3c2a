// The one place an encode plan becomes ffmpeg's output options (encode-args.ts) and runs: the
// engine edge (engines/ffmpeg-run.ts) adds the safe input options, progress and output bounds and
// knows nothing of plans.
import type { EngineContext } from '../engines/engine-run';
import type { EnginePaths } from '../engines/engine-paths';
import { runFfmpeg, type FfmpegJob } from '../engines/ffmpeg-run';
import { encodeArgs } from './encode-args';
import type { EncodePlan } from './encode-plan';

export interface PlannedFfmpegJob extends Omit<FfmpegJob, 'outputArgs'> {
  /** What the output is made of: maps, encoders, filters, muxer. */
  plan: EncodePlan;
}

export function runFfmpegPlan(
  config: EnginePaths,
  { plan, ...job }: PlannedFfmpegJob,
  context: EngineContext,
): Promise<void> {
  return runFfmpeg(config, { ...job, outputArgs: encodeArgs(plan) }, context);
}
