// The finishing step after yt-dlp: probe the downloaded file and turn it into the asked format,
// copying streams whenever the codecs allow and re-encoding only what must change.
import { rename } from 'node:fs/promises';
import path from 'node:path';
import type { DownloadFormatName } from '@grabbit/contracts';
import { AppError } from '../http/app-error';
import { downloadFailures } from './failures';
import { progressParser } from '../media/ffmpeg-run';
import { runCommand } from '../media/run-command';
import { outputTarget, type OutputTarget } from '../media/output-targets';

export interface ProbedStream {
  codec_type?: string;
  codec_name?: string;
  bit_rate?: string;
  disposition?: { attached_pic?: number };
  width?: number;
  height?: number;
}

export interface Probe {
  streams: ProbedStream[];
  format: { format_name?: string; duration?: string };
}

export interface FinalizeOptions {
  ffmpegPath: string;
  ffprobePath: string;
  input: string;
  format: DownloadFormatName;
  maxDurationSeconds: number;
  timeoutMs: number;
  signal: AbortSignal;
  /** A probe of `input` already under way (started while yt-dlp was exiting). */
  probe?: Promise<Probe>;
  /** 0-1 of the re-encode, when one runs. */
  onProgress: (fraction: number) => void;
  /** What the visitor chose beyond the format. */
  extras?: FinishingExtras;
}

export interface FinishingExtras {
  /** Keep the subtitle stream yt-dlp embedded, in the codec the container takes. */
  subtitles?: boolean;
  /** An audio bit rate to encode lossy audio at (kbit/s). */
  audioKbps?: number;
}

/** The subtitle codec each video container takes. */
const subtitleCodecs: Record<string, string> = {
  mp4: 'mov_text',
  mov: 'mov_text',
  webm: 'webvtt',
  matroska: 'srt',
};
const lossless = new Set(['flac', 'wav']);

export async function probeMedia(ffprobePath: string, file: string): Promise<Probe> {
  const result = await runCommand(
    ffprobePath,
    ['-v', 'error', '-print_format', 'json', '-show_streams', '-show_format', '--', file],
    { timeoutMs: 60_000 },
  );
  if (result.code !== 0)
    throw new AppError('DOWNLOAD_FAILED', 'The downloaded file is not readable media.', 502);
  return JSON.parse(result.stdout) as Probe;
}

const isStill = (probe: Probe) =>
  /image2|_pipe|gif/.test(probe.format.format_name ?? '') && !(Number(probe.format.duration) > 0.5);
const accepts = (codecs: readonly string[], codec: string | undefined) =>
  codecs.includes('*') || codecs.includes(codec ?? '');
/** The link's media cannot become the chosen format: the message says what to choose instead. */
const wrongFormat = (message: string) => new AppError('UNSUPPORTED_FORMAT', message, 422);

/** ffmpeg arguments between input and output, or undefined when the file is already right. */
export function finishingArgs(
  probe: Probe,
  target: OutputTarget,
  inputExt: string,
  extras: FinishingExtras = {},
): string[] | undefined {
  const video = probe.streams.find((s) => s.codec_type === 'video' && !s.disposition?.attached_pic);
  const audio = probe.streams.find((s) => s.codec_type === 'audio');
  if (target.kind === 'subtitle') {
    if (inputExt === target.extension) return undefined;
    return ['-map', '0:s:0', ...target.videoEncoder];
  }
  if (target.kind === 'audio') {
    if (!audio) throw wrongFormat('This media has no sound to extract. Choose a video format instead.');
    // An asked bit rate is honoured by re-encoding only when the source is above it.
    const kbps = lossless.has(target.extension) ? undefined : extras.audioKbps;
    const aboveAsked = kbps !== undefined && !(Number(audio.bit_rate) <= kbps * 1050);
    const copy = accepts(target.audioCodecs, audio.codec_name) && !aboveAsked;
    if (copy && inputExt === target.extension && !video) return undefined;
    const encoder = kbps ? [...target.audioEncoder.slice(0, 2), '-b:a', `${kbps}k`] : target.audioEncoder;
    return ['-map', '0:a:0', '-vn', '-sn', '-dn', ...(copy ? ['-c:a', 'copy'] : encoder)];
  }
  if (target.kind === 'image') {
    if (!video) throw wrongFormat('This media has no picture. Choose an audio format instead.');
    if (isStill(probe)) {
      if (inputExt === target.extension || (inputExt === 'jpeg' && target.extension === 'jpg'))
        return undefined;
      return ['-map', '0:v:0', '-frames:v', '1', ...target.videoEncoder, '-update', '1'];
    }
    if (target.extension !== 'gif')
      throw wrongFormat('This link is a video: choose a video format, an audio format or GIF.');
    // An animated GIF of the clip, with its own palette so colours stay true.
    const filter =
      "fps=12,scale='min(480,iw)':-2:flags=lanczos,split[a][b];[a]palettegen[p];[b][p]paletteuse";
    return ['-map', '0:v:0', '-an', '-filter_complex', filter, '-loop', '0'];
  }
  const copyVideo = !video || accepts(target.videoCodecs, video.codec_name);
  const copyAudio = !audio || accepts(target.audioCodecs, audio.codec_name);
  if (copyVideo && copyAudio && inputExt === target.extension && probe.streams.length <= 2) return undefined;
  const subtitleCodec = extras.subtitles ? subtitleCodecs[target.muxer] : undefined;
  const subtitles = subtitleCodec ? ['-map', '0:s:0?', '-c:s', subtitleCodec] : ['-sn'];
  const args = ['-map', '0:v:0?', '-map', '0:a:0?', ...subtitles, '-dn'];
  args.push(
    ...(copyVideo ? ['-c:v', 'copy'] : target.videoEncoder),
    ...(copyAudio ? ['-c:a', 'copy'] : target.audioEncoder),
  );
  if (target.muxer === 'mp4' || target.muxer === 'mov') args.push('-movflags', '+faststart');
  return args;
}

/** Makes `<dir>/result.<ext>` from the downloaded file; returns its path. */
export async function finalizeMedia(options: FinalizeOptions): Promise<string> {
  const target = outputTarget(options.format);
  const probe = await (options.probe ?? probeMedia(options.ffprobePath, options.input));
  const duration = Number(probe.format.duration);
  if (duration > options.maxDurationSeconds)
    throw new AppError('MEDIA_TOO_LONG', 'This video is longer than the download limit.', 422);
  const output = path.join(path.dirname(options.input), `result.${target.extension}`);
  const inputExt = path.extname(options.input).slice(1).toLowerCase();
  const args = finishingArgs(probe, target, inputExt, options.extras);
  if (!args) {
    await rename(options.input, output);
    return output;
  }
  const ffmpegArgs = [
    '-nostdin',
    '-hide_banner',
    '-v',
    'error',
    '-protocol_whitelist',
    'file',
    '-y',
    '-i',
    options.input,
    ...args,
    '-progress',
    'pipe:1',
    '-f',
    target.muxer,
    output,
  ];
  const result = await runCommand(options.ffmpegPath, ffmpegArgs, {
    timeoutMs: options.timeoutMs,
    signal: options.signal,
    // The converter's parser: whole lines only, so a number split across chunks is never misread.
    onStdout: progressParser(
      () => duration,
      (percent) => options.onProgress(percent / 100),
    ),
  });
  if (result.timedOut) throw downloadFailures.timedOut();
  if (result.code !== 0)
    throw new AppError(
      'DOWNLOAD_FAILED',
      `The file could not be turned into ${options.format.toUpperCase()}.`,
      502,
    );
  return output;
}
