// The finishing step after yt-dlp: probe the downloaded file and turn it into the asked format,
// copying streams whenever the codecs allow and re-encoding only what must change.
import { rename } from 'node:fs/promises';
import path from 'node:path';
import type { DownloadFormatName } from '@grabbit/contracts';
import { AppError } from '../core/app-error';
import type { EnginePaths } from './engine-paths';
import { EngineError, type EngineContext } from './engine-run';
import { downloadDemuxers, pictureDemuxer } from './ffmpeg-demuxers';
import { runFfmpeg } from './ffmpeg-run';
import { ffprobe, type ProbeResult } from './ffprobe';
import { outputTarget, type ContainerTarget, type OutputTarget } from './output-targets';
import { chooseStreams, firstStream } from './stream-choice';
import { sizeSourceOf, TargetSizeError } from './target-size';
import { targetSizeFailure } from './target-size-errors';
import { encodeToSize } from './two-pass';
import { runFailures } from './download-failures';

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
}

export interface FinishingExtras {
  /** Keep the subtitle stream yt-dlp embedded, in the codec the container takes. */
  subtitles?: boolean;
  /** An audio bit rate to encode lossy audio at (kbit/s). */
  audioKbps?: number;
}

const lossless = new Set(['flac', 'wav']);

/** An engine failure as the visitor's error: out of time, or the given failure. */
function engineFailure(error: unknown, failure: () => AppError): never {
  if (error instanceof EngineError && error.timedOut) throw runFailures.timedOut();
  if (error instanceof AppError) throw error;
  throw failure();
}

/** media/'s ffprobe with the download demuxer list (the upload list plus single pictures). */
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

const isStill = (probe: ProbeResult) =>
  /image2|_pipe|gif/.test(probe.formatName) && !((probe.duration ?? 0) > 0.5);
/** The link's media cannot become the chosen format: the message says what to choose instead. */
const wrongFormat = (message: string) => new AppError('FORMAT_NOT_AVAILABLE', message);

/** ffmpeg arguments between input and output, or undefined when the file is already right. */
function finishingArgs(
  probe: ProbeResult,
  target: OutputTarget,
  inputExt: string,
  extras: FinishingExtras = {},
): string[] | undefined {
  if (target.kind === 'audio') return audioArgs(probe, target, inputExt, extras);
  if (target.kind === 'video') return videoArgs(probe, target, inputExt, extras);
  if (target.kind === 'subtitle') {
    if (inputExt === target.extension) return undefined;
    return ['-map', '0:s:0', ...target.encoder];
  }
  // A picture: a still as it is or re-encoded, a clip only as an animated GIF.
  if (!firstStream(probe, 'video'))
    throw wrongFormat('This media has no picture. Choose an audio format instead.');
  if (isStill(probe)) {
    if (inputExt === target.extension || (inputExt === 'jpeg' && target.extension === 'jpg'))
      return undefined;
    return ['-map', '0:v:0', '-frames:v', '1', ...target.encoder, '-update', '1'];
  }
  if (target.extension !== 'gif')
    throw wrongFormat('This link is a video: choose a video format, an audio format or GIF.');
  // An animated GIF of the clip, with its own palette so colours stay true.
  const filter = "fps=12,scale='min(480,iw)':-2:flags=lanczos,split[a][b];[a]palettegen[p];[b][p]paletteuse";
  return ['-map', '0:v:0', '-an', '-filter_complex', filter, '-loop', '0'];
}

/** The audio alone, copied when the container takes its codec and no lower bit rate was asked. */
function audioArgs(probe: ProbeResult, target: ContainerTarget, inputExt: string, extras: FinishingExtras) {
  const { container } = target;
  const audio = firstStream(probe, 'audio');
  if (!audio) throw wrongFormat('This media has no sound to extract. Choose a video format instead.');
  // An asked bit rate is honoured by re-encoding only when the source is above it.
  const kbps = lossless.has(target.extension) ? undefined : extras.audioKbps;
  const aboveAsked = kbps !== undefined && !((audio.bitRate ?? Infinity) <= kbps * 1050);
  const choice = chooseStreams(probe, container, { audio: aboveAsked });
  if (choice.copyAudio && inputExt === target.extension && !firstStream(probe, 'video')) return undefined;
  const encoder = kbps ? [...container.audio.slice(0, 2), '-b:a', `${kbps}k`] : container.audio;
  return [
    ...['-map', '0:a:0', '-vn', '-sn', '-dn'],
    ...(choice.copyAudio ? ['-c:a', 'copy'] : encoder),
    ...containerExtras(target, choice.downmix),
  ];
}

/** The first picture and sound, each copied when the container takes its codec. */
function videoArgs(probe: ProbeResult, target: ContainerTarget, inputExt: string, extras: FinishingExtras) {
  const { container } = target;
  const choice = chooseStreams(probe, container);
  // A stream the file does not have needs nothing.
  const copyVideo = choice.copyVideo || !firstStream(probe, 'video');
  const copyAudio = choice.copyAudio || !firstStream(probe, 'audio');
  if (copyVideo && copyAudio && inputExt === target.extension && probe.streams.length <= 2) return undefined;
  const subtitleCodec = extras.subtitles ? container.subtitleCodec : undefined;
  const subtitles = subtitleCodec ? ['-map', '0:s:0?', '-c:s', subtitleCodec] : ['-sn'];
  return [
    ...['-map', '0:V:0?', '-map', '0:a:0?', ...subtitles, '-dn'],
    ...(copyVideo ? ['-c:v', 'copy'] : (container.video ?? [])),
    ...(choice.hevcTag ? ['-tag:v', 'hvc1'] : []),
    ...(copyAudio ? ['-c:a', 'copy'] : container.audio),
    ...containerExtras(target, choice.downmix),
  ];
}

/** The channel fold and the MP4 family's index at the front, as the container table says. */
function containerExtras({ container }: ContainerTarget, downmix: boolean): string[] {
  return [
    ...(downmix && container.maxChannels ? ['-ac', String(container.maxChannels)] : []),
    ...(container.isoMedia ? ['-movflags', '+faststart'] : []),
  ];
}

/** Makes `<dir>/result.<ext>` from the downloaded file; returns its path. */
export async function finalizeMedia(options: FinalizeOptions): Promise<string> {
  const { engines, context } = options;
  const target = outputTarget(options.format);
  const probe = await (options.probe ?? probeDownload(engines, options.input, context));
  const duration = probe.duration ?? 0;
  if (duration > options.maxDurationSeconds)
    throw new AppError('MEDIA_TOO_LONG', 'This video is longer than the download limit.');
  const output = path.join(path.dirname(options.input), `result.${target.extension}`);
  const inputExt = path.extname(options.input).slice(1).toLowerCase();
  if (options.targetBytes && (target.kind === 'audio' || target.kind === 'video'))
    return fitToSize(options, target, probe, output, inputExt, options.targetBytes);
  const args = finishingArgs(probe, target, inputExt, options.extras);
  if (!args) {
    await rename(options.input, output);
    return output;
  }
  // media/'s runner: the same safe input options and progress parser as the converter.
  await runFfmpeg(
    engines,
    {
      input: options.input,
      demuxer: pictureDemuxer(inputExt),
      allowedDemuxers: downloadDemuxers,
      outputArgs: [...args, '-f', target.muxer],
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

/**
 * Whether the finishing step would keep a file of this probe and extension as it is (only move
 * it): the asked container already, with picture and sound it takes. A download sent while it is
 * still written relies on it (download/live-send.ts).
 */
export function keptAsItIs(
  probe: ProbeResult,
  format: DownloadFormatName,
  inputExt: string,
  extras?: FinishingExtras,
): boolean {
  try {
    return finishingArgs(probe, outputTarget(format), inputExt, extras) === undefined;
  } catch {
    return false; // Not media of this kind at all: the finishing step refuses it.
  }
}

/** A re-encode of the first picture and sound into the container, whatever their codecs. */
function reencodeArgs(probe: ProbeResult, target: ContainerTarget): string[] {
  const { container } = target;
  const downmix = chooseStreams(probe, container).downmix;
  const streams =
    target.kind === 'audio'
      ? ['-map', '0:a:0', '-vn', ...container.audio]
      : ['-map', '0:V:0?', '-map', '0:a:0?', ...(container.video ?? []), ...container.audio];
  return [...streams, '-sn', '-dn', ...containerExtras(target, downmix), '-f', target.muxer];
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
      outputArgs: reencodeArgs(probe, target),
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
