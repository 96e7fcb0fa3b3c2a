// A conversion with a target size (TargetSizeMB): the probe comes first (the bit rates follow from
// the length), the plan refuses an impossible target before any encode, and encode/two-pass.ts
// encodes. The visitor's other options (cut, resize, metadata) apply as in any conversion; the
// target sets the bit rates and may bring the picture down further.
import { targetSizeMegabyte } from '@grabbit/catalog';
import type { Config } from '../config/env';
import { containerOf } from '../encode/containers';
import type { EngineContext } from '../engines/engine-run';
import type { SafeDemuxer } from '../engines/ffmpeg-demuxers';
import { firstStream } from '../encode/stream-choice';
import { sizeSourceOf } from '../encode/target-size';
import { encodeToSize } from '../encode/two-pass';
import { chooseStreams, planEncode } from '../encode/av-plan';
import type { AvJob } from './av-job';
import { probeMedia } from './detect';
import {
  applyAvOptions,
  checkCut,
  fittedPicture,
  outputDuration,
  restrictCopies,
} from '../encode/convert-options';
import { checkForeseenOutput, outputLimits } from './output-bounds';

export async function convertToSize(
  config: Config,
  job: AvJob,
  source: { path: string; demuxer: SafeDemuxer },
  context: EngineContext,
): Promise<void> {
  const targetMB = job.options.TargetSizeMB ?? 0;
  const probe = await probeMedia(config, { ...job.input, demuxer: source.demuxer }, source.path, context);
  checkCut(probe.duration, job.options);
  const targetBytes = Math.floor(targetMB * targetSizeMegabyte);
  const durationSeconds = outputDuration(probe.duration, job.options);
  const limits = outputLimits(config);
  checkForeseenOutput(limits, durationSeconds, () => targetBytes);
  const container = containerOf(job.target);
  const choice = restrictCopies(chooseStreams(probe, job.target), job.options);
  const plan = planEncode(job.target, choice);
  const video = firstStream(probe, 'video');
  const picture =
    video?.width && video.height
      ? fittedPicture({ width: video.width, height: video.height }, job.options)
      : undefined;
  await encodeToSize(
    config,
    {
      input: source.path,
      demuxer: source.demuxer,
      plan: applyAvOptions(plan.encode, plan, job.options),
      container,
      source: sizeSourceOf(probe, container, {
        durationSeconds,
        picture,
      }),
      targetBytes,
      limits,
      output: job.outputPath,
      onProgress: (fraction) => job.onPercent(fraction * 100),
    },
    context,
  );
}
