// The finishing step after yt-dlp: probe the downloaded file (from its head when that shows it is
// kept as it is) and run the plan encode/finishing-plan.ts makes of it, fitted to a size when asked.
import { readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { DownloadFormatName } from '@grabbit/contracts';
import { AppError } from '../core/app-error';
import type { EnginePaths } from '../engines/engine-paths';
import { EngineError, type EngineContext } from '../engines/engine-run';
import { downloadDemuxers, pictureDemuxer } from '../engines/ffmpeg-demuxers';
import { runFinishingPlan } from '../encode/finishing-run';
import { ffprobe, type ProbeResult } from '../engines/ffprobe';
import { probeHead } from '../engines/media-head';
import { outputTarget, type ContainerTarget } from '../encode/output-targets';
import { sizeSourceOf } from '../encode/target-size';
import { TargetSizeError, targetSizeFailure } from '../encode/target-size-errors';
import { encodeToSize } from '../encode/two-pass';
import { renderTranscript } from '../encode/transcript';
import { type FinishingExtras, finishingStep, keptAsItIs, reencodePlan } from '../encode/finishing-plan';
import { retagMp4File } from '../engines/mp4-retag-file';
import { runFailures } from '../ytdlp';

export interface FinalizeOptions {
  engines: EnginePaths;
  /** The job's folder, deadline and cancel signal. */
  context: EngineContext;
  input: string;
  format: DownloadFormatName;
  maxDurationSeconds: number;
  /** A probe of `input` already under way (started while yt-dlp was exiting). */
  probe?: Promise<ProbeResult>;
  /** 0-1 of the re-encode, when one runs. */
  onProgress: (fraction: number) => void;
  /** What the visitor chose beyond the format. */
  extras?: FinishingExtras;
  /** Fit an audio or video file to this many bytes (a two-pass re-encode). */
  targetBytes?: number;
  /**
   * `input` already written with the tags as a retag writes it (the answer sent while it was
   * written, checked against it: download/live-send.ts): the result when the step is a retag.
   */
  retagged?: string;
}

/** An engine failure as the visitor's error: out of time, or the given failure. */
function engineFailure(error: unknown, failure: () => AppError): never {
  if (error instanceof EngineError && error.timedOut) throw runFailures.timedOut();
  if (error instanceof AppError) throw error;
  const answer = failure();
  // The engine's last lines are the cause the download's failure line logs (secrets masked
  // there); the visitor gets the message only.
  if (error instanceof EngineError) answer.cause = error.detail.trim().split('\n').slice(-5).join('\n');
  throw answer;
}

/** ffprobe with the download demuxer list (the upload list plus single pictures). */
export function probeDownload(
  engines: EnginePaths,
  file: string,
  context: EngineContext,
): Promise<ProbeResult> {
  const demuxer = pictureDemuxer(path.extname(file).slice(1));
  return ffprobe(engines, file, demuxer, context, downloadDemuxers).catch((error: unknown) =>
    engineFailure(error, () => new AppError('DOWNLOAD_FAILED', 'The downloaded file is not readable media.')),
  );
}

/** The head readers' demuxer for a downloaded file's extension (engines/media-head.ts). */
const headDemuxers: Record<string, string> = {
  mp4: 'mov',
  m4a: 'mov',
  mov: 'mov',
  mkv: 'matroska',
  webm: 'matroska',
};

/**
 * The finished download's streams for the finishing step. When its head, read without an engine,
 * shows a file the finishing step keeps as it is (moved, never read again), that is the probe:
 * the head readers say what ffprobe says of the streams they know, and anything else (a page, a
 * damaged or unknown container) is theirs to leave to ffprobe, which refuses what is not media.
 * Starting ffprobe costs a tenth of a second of CPU before it reads a byte, on the path of the
 * last byte of a direct download.
 */
export async function probeFinished(
  engines: EnginePaths,
  file: string,
  context: EngineContext,
  keeps: { format: DownloadFormatName; extras?: FinishingExtras },
): Promise<ProbeResult> {
  const inputExt = path.extname(file).slice(1).toLowerCase();
  const head = await probeHead(file, headDemuxers[inputExt]).catch(() => undefined);
  if (head && keptAsItIs(head, keeps.format, inputExt, keeps.extras)) return head;
  return probeDownload(engines, file, context);
}

/** Makes `<dir>/result.<ext>` from the downloaded file; returns its path. */
export async function finalizeMedia(options: FinalizeOptions): Promise<string> {
  const { engines, context } = options;
  const target = outputTarget(options.format);
  if (target.kind === 'subtitle' && target.transcript) {
    // Text from text: no engine. yt-dlp names the file media.<language>.vtt.
    const output = path.join(path.dirname(options.input), `result.${target.extension}`);
    const language = /\.([^.]+)\.[^.]+$/.exec(path.basename(options.input))?.[1];
    const vtt = await readFile(options.input, 'utf8');
    const title = options.extras?.tags?.title;
    await writeFile(output, renderTranscript(target.transcript, vtt, { title, language }));
    return output;
  }
  const probe = await (options.probe ?? probeDownload(engines, options.input, context));
  const duration = probe.duration ?? 0;
  if (duration > options.maxDurationSeconds)
    throw new AppError('MEDIA_TOO_LONG', 'This video is longer than the download limit.');
  const output = path.join(path.dirname(options.input), `result.${target.extension}`);
  const inputExt = path.extname(options.input).slice(1).toLowerCase();
  if (options.targetBytes && (target.kind === 'audio' || target.kind === 'video'))
    return fitToSize(options, target, probe, output, inputExt, options.targetBytes);
  const step = finishingStep(probe, target, inputExt, options.extras);
  if (step.kind === 'keep') {
    await rename(options.input, output);
    return output;
  }
  if (step.kind === 'retag' && options.retagged) {
    await rename(options.retagged, output);
    await rm(options.input, { force: true });
    return output;
  }
  // The tags written into the index as the file moves; an index not rewritable there: the engine.
  if (step.kind === 'retag' && (await retagMp4File(options.input, output, step.tags))) return output;
  const plan = step.kind === 'retag' ? step.fallback : step.plan;
  // The one plan runner: the same safe input options and progress parser as the converter (a
  // damaged cover costs the cover, never the file: finishing-run.ts).
  await runFinishingPlan(
    engines,
    {
      input: options.input,
      demuxer: pictureDemuxer(inputExt),
      allowedDemuxers: downloadDemuxers,
      plan,
      output,
      durationSeconds: () => duration,
      onPercent: (percent) => options.onProgress(percent / 100),
    },
    context,
  ).catch((error: unknown) =>
    engineFailure(
      error,
      () =>
        new AppError('DOWNLOAD_FAILED', `The file could not be turned into ${options.format.toUpperCase()}.`),
    ),
  );
  return output;
}
/** The download fitted to a size in the same job: the bit rates from its length, two passes. */
async function fitToSize(
  options: FinalizeOptions,
  target: ContainerTarget,
  probe: ProbeResult,
  output: string,
  inputExt: string,
  targetBytes: number,
): Promise<string> {
  await encodeToSize(
    options.engines,
    {
      input: options.input,
      demuxer: pictureDemuxer(inputExt),
      allowedDemuxers: downloadDemuxers,
      plan: reencodePlan(probe, target),
      container: target.container,
      source: sizeSourceOf(probe, target.container),
      targetBytes,
      output,
      onProgress: options.onProgress,
    },
    options.context,
  ).catch((error: unknown) => {
    if (error instanceof TargetSizeError) {
      const { code, message } = targetSizeFailure(error);
      throw new AppError(code, message);
    }
    return engineFailure(
      error,
      () =>
        new AppError('DOWNLOAD_FAILED', `The file could not be fitted to ${options.format.toUpperCase()}.`),
    );
  });
  return output;
}
