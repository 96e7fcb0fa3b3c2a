// Audio and video conversion: ffmpeg with the plan of av-plan.ts, progress from ffmpeg's own
// progress output, and sox as the AMR-NB encoder ffmpeg lacks.
import path from 'node:path';
import type { Config } from '../config/env';
import { runFfmpeg } from '../media/ffmpeg-run';
import { encodeAmrNb } from '../media/sox-amr';
import { planAudioVideo, type AvPlan } from './av-plan';
import type { DetectedMedia } from './detect';
import type { EngineContext } from './engine-run';

export interface AvJob {
  input: DetectedMedia;
  inputPath: string;
  target: string;
  outputPath: string;
  onPercent: (percent: number) => void;
}

export async function convertAudioVideo(config: Config, job: AvJob, context: EngineContext): Promise<AvPlan> {
  const plan = planAudioVideo(job.input.probe, job.target);
  const ffmpegOutput = plan.needsAmrEncoder ? path.join(context.workDir, 'amr-source.wav') : job.outputPath;
  await runFfmpeg(
    config,
    {
      input: job.inputPath,
      demuxer: job.input.demuxer,
      outputArgs: plan.outputArgs,
      output: ffmpegOutput,
      durationSeconds: job.input.probe.duration,
      onPercent: job.onPercent,
    },
    context,
  );
  if (plan.needsAmrEncoder) await encodeAmrNb(config, ffmpegOutput, job.outputPath, context);
  return plan;
}
