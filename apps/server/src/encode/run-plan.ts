// The one place an encode plan becomes ffmpeg's output options (encode-args.ts) and runs: the
// engine edge (engines/ffmpeg-run.ts) adds the safe input options, progress and output bounds and
// knows nothing of plans. A plan's chapters go in as an FFMETADATA file written here beside the
// output and removed after.
import { rm, writeFile } from 'node:fs/promises';
import type { EngineContext } from '../engines/engine-run';
import type { EnginePaths } from '../engines/engine-paths';
import { runFfmpeg, type FfmpegJob } from '../engines/ffmpeg-run';
import { chaptersText, encodeArgs, extraInputs } from './encode-args';
import type { EncodePlan } from './encode-plan';

export interface PlannedFfmpegJob extends Omit<FfmpegJob, 'outputArgs' | 'extraInputs'> {
  /** What the output is made of: maps, encoders, filters, muxer, tags, cover, chapters. */
  plan: EncodePlan;
}

export async function runFfmpegPlan(
  config: EnginePaths,
  { plan, ...job }: PlannedFfmpegJob,
  context: EngineContext,
): Promise<void> {
  const chaptersFile = `${job.output}.chapters.txt`;
  const inputs = extraInputs(plan, chaptersFile);
  const writesChapters = inputs.some((input) => input.file === chaptersFile);
  if (writesChapters) await writeFile(chaptersFile, chaptersText(plan));
  try {
    await runFfmpeg(config, { ...job, extraInputs: inputs, outputArgs: encodeArgs(plan) }, context);
  } finally {
    if (writesChapters) await rm(chaptersFile, { force: true });
  }
}
