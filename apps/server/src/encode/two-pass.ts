// Encodes a file to a target size with the plan of target-size.ts: video in two passes (the first
// analyses the picture, the second spends the bits where they count), sound alone in one. The
// result is measured: a file over the target (or under 90% of it when it could use more) is made
// again from the second pass with a corrected rate, at most twice; the largest file that fits wins.
// Every run is the ordinary ffmpeg run (ffmpeg-run.ts) with its input restrictions and limits; the
// pass files stay in the job's own folder.
import { rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Container } from './containers';
import type { EncodePlan } from './encode-plan';
import type { EnginePaths } from '../engines/engine-paths';
import type { EngineContext } from '../engines/engine-run';
import { runFfmpegPlan, type PlannedFfmpegJob } from './run-plan';
import { sizedEncodePlan } from './sized-plan';
import { lowestShare, planTargetSize, retunePlan, type SizeSource, type TargetSizePlan } from './target-size';
import { TargetSizeError } from './target-size-errors';

/**
 * `plan`: a plain re-encode into `container` as the caller built it (maps, encoders, filters,
 * muxer, a cut); the rates and passes are set here.
 */
export interface SizedEncodeJob extends Pick<
  PlannedFfmpegJob,
  'input' | 'demuxer' | 'allowedDemuxers' | 'plan' | 'output' | 'limits'
> {
  container: Container;
  /** What the output holds and how long it is (sizeSourceOf makes it from a probe). */
  source: SizeSource;
  targetBytes: number;
  /** 0 to 1 across both passes (and any second try); never goes back. */
  onProgress?: (fraction: number) => void;
}

/** The first pass's share of the progress: with x264's fast first pass it takes under half the time. */
const firstPassShare = 0.4;
/** Second passes after the first result, when it missed. */
const maxRetries = 2;

function forwardOnly(onProgress: ((fraction: number) => void) | undefined) {
  let last = 0;
  return (fraction: number) => {
    if (fraction <= last) return;
    last = fraction;
    onProgress?.(fraction);
  };
}

/** Plans, then encodes. An impossible target throws TargetSizeError before ffmpeg starts. */
export async function encodeToSize(
  config: EnginePaths,
  job: SizedEncodeJob,
  context: EngineContext,
): Promise<TargetSizePlan> {
  let plan = planTargetSize(job.container, job.source, job.targetBytes);
  const logPrefix = path.join(context.workDir, 'target-size-pass');
  const progress = forwardOnly(job.onProgress);
  const run = (encode: EncodePlan, output: string, from: number, to: number, expectedFrames?: number) =>
    runFfmpegPlan(
      config,
      {
        input: job.input,
        demuxer: job.demuxer,
        allowedDemuxers: job.allowedDemuxers,
        plan: encode,
        output,
        // The first pass writes no file: only the passes that write one are held to the bounds.
        limits: output === job.output ? job.limits : undefined,
        durationSeconds: () => plan.durationSeconds,
        expectedFrames,
        onPercent: (percent) => progress(from + ((to - from) * percent) / 100),
      },
      context,
    );
  const twoPass = plan.video !== undefined;
  const start = twoPass ? firstPassShare : 0;
  const spare = `${job.output}.fits`;
  let spareBytes = 0;
  let previousBytes = 0;
  try {
    if (twoPass) {
      const frames = plan.durationSeconds * (job.source.picture?.frameRate ?? 30);
      await run(
        { ...sizedEncodePlan(job.plan, plan), pass: { number: 1, logPrefix } },
        '/dev/null',
        0,
        start,
        frames,
      );
    }
    for (let attempt = 0; ; attempt++) {
      const sized = sizedEncodePlan(job.plan, plan);
      await run(twoPass ? { ...sized, pass: { number: 2, logPrefix } } : sized, job.output, start, 1);
      const bytes = (await stat(job.output)).size;
      const fits = bytes <= job.targetBytes;
      // A higher rate that hardly grew the file: the encoder has nothing more to spend it on.
      const saturated = fits && previousBytes > 0 && previousBytes <= bytes && bytes < previousBytes * 1.03;
      if (fits && (bytes >= job.targetBytes * lowestShare || plan.capped || saturated)) return plan;
      previousBytes = bytes;
      if (fits && bytes > spareBytes) {
        await rename(job.output, spare);
        spareBytes = bytes;
      }
      const next = attempt < maxRetries ? retunePlan(plan, bytes) : undefined;
      if (!next) {
        if (spareBytes > 0) {
          await rename(spare, job.output);
          return plan;
        }
        throw new TargetSizeError('too-small', job.targetBytes, bytes, plan.durationSeconds);
      }
      plan = next;
    }
  } finally {
    await Promise.all(
      [spare, `${logPrefix}-0.log`, `${logPrefix}-0.log.mbtree`].map((file) => rm(file, { force: true })),
    );
  }
}
