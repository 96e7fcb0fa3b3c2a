// Audio and video conversion: the plan is decided before any engine starts, then one ffmpeg run
// makes the result, with progress from its own progress output; GStreamer is the AMR-NB codec
// (amr-encode.ts, amr-decode.ts). The streams come from the container's head when it tells them
// (an MP4 or Matroska file with its index first: engines/media-head.ts, a few kilobytes read and
// no engine), else from ffprobe. A head tells no sound channels or rate: when the plan re-encodes
// the sound into a container where a downmix or a PCM size hangs on them, ffprobe is asked all the
// same (a run of its own before ffmpeg's, a third of a short transcode's time).
import path from 'node:path';
import type { Config } from '../config/env';
import { runFfmpegPlan } from '../encode/run-plan';
import { decodeAmrNb } from '../engines/amr-decode';
import { encodeAmrNb } from '../engines/amr-encode';
import type { SafeDemuxer } from '../engines/ffmpeg-demuxers';
import type { ProbeResult } from '../engines/ffprobe';
import { probeHead } from '../engines/media-head';
import { chooseStreams, needsSoundDetails, planEncode, type AvChoice } from '../encode/av-plan';
import { firstStream } from '../encode/stream-choice';
import { convertToSize } from './av-target-size';
import type { AvJob } from './av-job';
import { checkProbedMedia, probeMedia, type DetectedMedia } from './detect';
import type { EngineContext } from '../engines/engine-run';
import { applyAvOptions, checkCut, outputDuration, restrictCopies } from '../encode/convert-options';
import { bytesOfPlan } from '../encode/foreseen-bytes';
import { checkForeseenOutput, outputLimits } from './output-bounds';

/** What ffmpeg reads: the upload, or the WAV that GStreamer decodes an AMR upload to. */
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

/** The streams and the choice for them: from the head when it tells all the choice needs. */
async function decide(
  config: Config,
  job: AvJob,
  media: DetectedMedia,
  file: string,
  context: EngineContext,
): Promise<{ probe: ProbeResult; choice: AvChoice }> {
  const choose = (probe: ProbeResult) => restrictCopies(chooseStreams(probe, job.target), job.options);
  const head = await probeHead(file, media.demuxer);
  if (head) {
    checkProbedMedia(config, media, head);
    const choice = choose(head);
    if (choice.copyAudio || !firstStream(head, 'audio') || !needsSoundDetails(job.target))
      return { probe: head, choice };
  }
  const probe = await probeMedia(config, media, file, context);
  return { probe, choice: choose(probe) };
}

export async function convertAudioVideo(config: Config, job: AvJob, context: EngineContext): Promise<void> {
  const source = await readableSource(config, job, context);
  if (job.options.TargetSizeMB !== undefined) return convertToSize(config, job, source, context);
  const media = { ...job.input, demuxer: source.demuxer };
  const { probe, choice } = await decide(config, job, media, source.path, context);
  checkCut(probe.duration, job.options);
  const duration = outputDuration(probe.duration, job.options);
  const avPlan = planEncode(job.target, choice);
  const plan = applyAvOptions(avPlan.encode, avPlan, job.options);
  checkForeseenOutput(outputLimits(config), duration, bytesOfPlan(plan, probe));
  const ffmpegOutput = avPlan.needsAmrEncoder ? path.join(context.workDir, 'amr-source.pcm') : job.outputPath;
  await runFfmpegPlan(
    config,
    {
      input: source.path,
      demuxer: source.demuxer,
      plan,
      output: ffmpegOutput,
      limits: outputLimits(config),
      durationSeconds: () => duration,
      onPercent: job.onPercent,
    },
    context,
  );
  if (avPlan.needsAmrEncoder) await encodeAmrNb(config, ffmpegOutput, job.outputPath, context);
}
