// Runs ffmpeg on an upload: never reads stdin, restricted input (ffmpeg-demuxers.ts), and progress
// read from `-progress pipe:1` (out_time against the input's duration). The same progress lines
// hold the output to its bounds: past them the run is stopped and the partial file removed.
import { rm } from 'node:fs/promises';
import type { EnginePaths } from './engine-paths';
import { runEngine, type EngineContext } from './engine-run';
import { safeInputArgs, type DownloadDemuxer, type SafeDemuxer } from './ffmpeg-demuxers';

/** One of our own files read after the main input, with its demuxer. */
export interface ExtraInput {
  file: string;
  demuxer: 'jpeg_pipe' | 'png_pipe' | 'webp_pipe' | 'ffmetadata';
}

export interface FfmpegJob {
  input: string;
  demuxer: SafeDemuxer | DownloadDemuxer | undefined;
  /** Demuxer allow-list; the uploads' one unless said (downloads add pictures). */
  allowedDemuxers?: readonly string[];
  /**
   * Our own files read after `input` (a cover picture, an FFMETADATA chapter list): each with its
   * demuxer forced and allowed alone, local files only, as the main input.
   */
  extraInputs?: readonly ExtraInput[];
  /** The output's options (maps, encoders, filters, muxer), made from an encode plan by encode/. */
  outputArgs: readonly string[];
  output: string;
  /**
   * Input duration in seconds, to turn out_time into a percentage; asked at each progress line,
   * since the probe may tell it after ffmpeg has started.
   */
  durationSeconds?: () => number | undefined;
  /**
   * Frames the output will have: progress by frame count for runs whose encoder puts out no
   * timed packets until it ends (VP9's first pass writes statistics only).
   */
  expectedFrames?: number;
  onPercent?: (percent: number) => void;
  /** Bounds on the output, checked at each progress report (every 0.2 s) and at the end. */
  limits?: OutputLimits;
}

export interface OutputLimits {
  maxBytes: number;
  /** Seconds of media written. */
  maxSeconds: number;
}

/** The output passed one of its bounds while written; the run was stopped, the file removed. */
export class OutputLimitError extends Error {
  constructor(
    readonly bound: 'bytes' | 'seconds',
    readonly limit: number,
  ) {
    super(`ffmpeg output passed its bound of ${limit} ${bound}`);
    this.name = 'OutputLimitError';
  }
}

const clampPercent = (percent: number) => Math.min(100, Math.max(0, percent));

/** Calls `onLine` with each whole line of a stream of chunks. */
function lineReader(onLine: (line: string) => void) {
  let pending = '';
  return (chunk: string) => {
    pending += chunk;
    const lines = pending.split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines) onLine(line.trim());
  };
}

/**
 * Reads `out_time_us=` lines of ffmpeg's progress output as a percentage of the duration (or the
 * `frame=` count against the expected frames while no time is out yet).
 */
function progressLines(
  durationSeconds: () => number | undefined,
  onPercent: (percent: number) => void,
  expectedFrames?: number,
) {
  let frames = 0;
  return (line: string) => {
    const frame = /^frame=(\d+)/.exec(line);
    if (frame) frames = Number(frame[1]);
    const match = /^out_time_us=(\d+)/.exec(line);
    const duration = durationSeconds();
    if (match && Number(match[1]) === 0 && expectedFrames) {
      onPercent(clampPercent((frames / expectedFrames) * 100));
    } else if (match && duration && duration > 0) {
      onPercent(clampPercent((Number(match[1]) / 1e6 / duration) * 100));
    } else if (line === 'progress=end') {
      onPercent(100);
    }
  };
}

/** Reads `total_size=` (bytes written) and `out_time_us=` lines against the bounds. */
function limitLines(limits: OutputLimits, onPassed: (error: OutputLimitError) => void) {
  return (line: string) => {
    const size = /^total_size=(\d+)/.exec(line);
    if (size && Number(size[1]) > limits.maxBytes) onPassed(new OutputLimitError('bytes', limits.maxBytes));
    const time = /^out_time_us=(\d+)/.exec(line);
    if (time && Number(time[1]) / 1e6 > limits.maxSeconds)
      onPassed(new OutputLimitError('seconds', limits.maxSeconds));
  };
}

export async function runFfmpeg(config: EnginePaths, job: FfmpegJob, context: EngineContext): Promise<void> {
  const args = [
    '-nostdin',
    '-hide_banner',
    '-v',
    'error',
    '-y',
    '-progress',
    'pipe:1',
    // Progress every 0.2 s rather than ffmpeg's 0.5 s: a short file would otherwise show none.
    '-stats_period',
    '0.2',
    '-nostats',
    ...safeInputArgs(job.demuxer, config.CONVERT_MAX_PIXELS, job.allowedDemuxers),
    '-i',
    `file:${job.input}`,
    ...(job.extraInputs ?? []).flatMap(({ file, demuxer }) => [
      ...safeInputArgs(undefined, config.CONVERT_MAX_PIXELS, [demuxer]),
      '-f',
      demuxer,
      '-i',
      `file:${file}`,
    ]),
    ...job.outputArgs,
    `file:${job.output}`,
  ];
  const progress = job.onPercent
    ? progressLines(job.durationSeconds ?? (() => undefined), job.onPercent, job.expectedFrames)
    : undefined;
  const stop = new AbortController();
  let passed: OutputLimitError | undefined;
  const limit = job.limits
    ? limitLines(job.limits, (error) => {
        passed ??= error;
        stop.abort();
      })
    : undefined;
  const onStdout =
    progress || limit
      ? lineReader((line) => {
          progress?.(line);
          limit?.(line);
        })
      : undefined;
  const signal = limit ? AbortSignal.any([context.signal, stop.signal]) : context.signal;
  try {
    await runEngine('ffmpeg', { command: config.FFMPEG_PATH, args, onStdout }, { ...context, signal });
  } catch (error) {
    if (!passed) throw error;
  }
  // Passed in the last report, after which ffmpeg may have finished: the result is refused all the same.
  if (passed) {
    await rm(job.output, { force: true });
    throw passed;
  }
}
