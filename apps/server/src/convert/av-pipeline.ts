// Audio and video conversion: ffprobe decides per stream (av-plan.ts), ffmpeg converts with progress
// from its own progress output, and GStreamer is the AMR-NB codec (amr-encode.ts, amr-decode.ts).
//
// Each engine process spends ~80 ms loading Debian's FFmpeg libraries before it reads a byte, so
// waiting for ffprobe before starting ffmpeg would add that to every conversion. Most uploads are
// re-encoded, a plan that needs nothing from the probe: ffmpeg starts with it at once, beside
// ffprobe. The probe still rules: a refusal stops ffmpeg, and when it finds streams to copy or
// channels to fold, the early run is stopped and the right plan runs instead (as late as it would
// have started anyway). Progress counts only for the run that is kept.
import { rm } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../config/env';
import { runFfmpegPlan } from '../encode/run-plan';
import { decodeAmrNb } from '../engines/amr-decode';
import { encodeAmrNb } from '../engines/amr-encode';
import type { SafeDemuxer } from '../engines/ffmpeg-demuxers';
import {
  chooseStreams,
  planEncode,
  sameChoice,
  transcodeChoice,
  type AvChoice,
  type AvPlan,
} from '../encode/av-plan';
import { convertToSize } from './av-target-size';
import type { AvJob } from './av-job';
import { probeMedia } from './detect';
import type { EngineContext } from '../engines/engine-run';
import { applyAvOptions, checkCut, outputDuration, restrictCopies } from '../encode/convert-options';
import { bytesOfPlan, checkForeseenOutput, outputLimits } from './output-bounds';

/** Settles a run that is no longer wanted; its failure (it was stopped) means nothing. */
async function discard(run: Promise<unknown>, stop: AbortController, output: string): Promise<void> {
  stop.abort();
  await run.catch(() => undefined);
  await rm(output, { force: true });
}

/** What ffprobe and ffmpeg read: the upload, or the WAV that GStreamer decodes an AMR upload to. */
async function readableSource(
  config: Config,
  job: AvJob,
  context: EngineContext,
): Promise<{ path: string; demuxer: SafeDemuxer }> {
  if (job.input.format !== 'amr') return { path: job.inputPath, demuxer: job.input.demuxer };
  const wav = path.join(context.workDir, 'amr-decoded.wav');
  await decodeAmrNb(config, job.inputPath, wav, context);
  return { path: wav, demuxer: 'wav' };
}

export async function convertAudioVideo(config: Config, job: AvJob, context: EngineContext): Promise<void> {
  const source = await readableSource(config, job, context);
  // The bit rates of a target size follow from the probe: nothing can start before it.
  if (job.options.TargetSizeMB !== undefined) return convertToSize(config, job, source, context);
  const earlyPlan = planEncode(job.target, transcodeChoice);
  const withOptions = (plan: AvPlan) => applyAvOptions(plan.encode, plan, job.options);
  const { needsAmrEncoder } = earlyPlan;
  const ffmpegOutput = needsAmrEncoder ? path.join(context.workDir, 'amr-source.pcm') : job.outputPath;
  /** Known once the probe has chosen: the input's length and the run whose progress is shown. */
  const chosen: { duration?: number; run?: AbortController } = {};
  const start = (plan: AvPlan, stop: AbortController) =>
    runFfmpegPlan(
      config,
      {
        input: source.path,
        demuxer: source.demuxer,
        plan: withOptions(plan),
        output: ffmpegOutput,
        limits: outputLimits(config),
        durationSeconds: () => chosen.duration,
        onPercent: (percent) => {
          if (chosen.run === stop) job.onPercent(percent);
        },
      },
      { ...context, signal: AbortSignal.any([context.signal, stop.signal]) },
    );

  const earlyStop = new AbortController();
  const early = start(earlyPlan, earlyStop);
  // Handled here so an early failure waits for the probe's verdict instead of crashing the process.
  early.catch(() => undefined);
  let choice: AvChoice;
  try {
    const probe = await probeMedia(config, { ...job.input, demuxer: source.demuxer }, source.path, context);
    checkCut(probe.duration, job.options);
    chosen.duration = outputDuration(probe.duration, job.options);
    choice = restrictCopies(chooseStreams(probe, job.target), job.options);
    const plan = withOptions(planEncode(job.target, choice));
    checkForeseenOutput(outputLimits(config), chosen.duration, bytesOfPlan(plan, probe));
  } catch (error) {
    await discard(early, earlyStop, ffmpegOutput);
    throw error;
  }
  if (sameChoice(choice, transcodeChoice)) {
    chosen.run = earlyStop;
    await early;
  } else {
    await discard(early, earlyStop, ffmpegOutput);
    chosen.run = new AbortController();
    await start(planEncode(job.target, choice), chosen.run);
  }
  if (needsAmrEncoder) await encodeAmrNb(config, ffmpegOutput, job.outputPath, context);
}
