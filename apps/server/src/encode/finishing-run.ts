// The finishing step's one ffmpeg run, sure of its media even when the cover is not: yt-dlp keeps
// going when the site stops sending the video's picture half-way (a warning, and a cut-short
// picture left as the cover file), which a busy machine makes likelier, and ffmpeg then refuses
// the whole file. The cover is decoration: a run with a cover that fails runs once more without
// it, so the visitor gets the file asked for.
import { rm } from 'node:fs/promises';
import { EngineError, type EngineContext } from '../engines/engine-run';
import type { EnginePaths } from '../engines/engine-paths';
import type { EncodePlan } from './encode-plan';
import { runFfmpegPlan, type PlannedFfmpegJob } from './run-plan';

/** The plan without its cover: the source's pictures stay out again, as without a cover. */
function withoutCover({ cover: _cover, ...plan }: EncodePlan): EncodePlan {
  return { ...plan, without: [...new Set([...(plan.without ?? []), 'video' as const])] };
}

export async function runFinishingPlan(
  engines: EnginePaths,
  job: PlannedFfmpegJob,
  context: EngineContext,
): Promise<void> {
  try {
    await runFfmpegPlan(engines, job, context);
  } catch (error) {
    // Out of time or cancelled: no second run. Only an engine's refusal may be the cover's.
    const coverMayBeToBlame =
      job.plan.cover && error instanceof EngineError && !error.timedOut && !context.signal.aborted;
    if (!coverMayBeToBlame) throw error;
    await rm(job.output, { force: true });
    await runFfmpegPlan(engines, { ...job, plan: withoutCover(job.plan) }, context);
  }
}
