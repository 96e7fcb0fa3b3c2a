// Runs ffmpeg on an upload: never reads stdin, restricted input (ffmpeg-demuxers.ts), and progress
// read from `-progress pipe:1` (out_time against the input's duration).
import { encodeArgs } from './encode-args';
import type { EncodePlan } from './encode-plan';
import type { EnginePaths } from './engine-paths';
import { runEngine, type EngineContext } from './engine-run';
import { safeInputArgs, type DownloadDemuxer, type SafeDemuxer } from './ffmpeg-demuxers';

export interface FfmpegJob {
  input: string;
  demuxer: SafeDemuxer | DownloadDemuxer | undefined;
  /** Demuxer allow-list; the uploads' one unless said (downloads add pictures). */
  allowedDemuxers?: readonly string[];
  /** What the output is made of: maps, encoders, filters, muxer (encode-args.ts makes the options). */
  plan: EncodePlan;
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
}

const clampPercent = (percent: number) => Math.min(100, Math.max(0, percent));

/**
 * Reads `out_time_us=` lines of ffmpeg's progress output as a percentage of the duration (or the
 * `frame=` count against the expected frames while no time is out yet).
 */
function progressParser(
  durationSeconds: () => number | undefined,
  onPercent: (percent: number) => void,
  expectedFrames?: number,
) {
  let pending = '';
  let frames = 0;
  return (chunk: string) => {
    pending += chunk;
    const lines = pending.split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines) {
      const frame = /^frame=(\d+)/.exec(line.trim());
      if (frame) frames = Number(frame[1]);
      const match = /^out_time_us=(\d+)/.exec(line.trim());
      const duration = durationSeconds();
      if (match && Number(match[1]) === 0 && expectedFrames) {
        onPercent(clampPercent((frames / expectedFrames) * 100));
      } else if (match && duration && duration > 0) {
        onPercent(clampPercent((Number(match[1]) / 1e6 / duration) * 100));
      } else if (line.trim() === 'progress=end') {
        onPercent(100);
      }
    }
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
    ...encodeArgs(job.plan),
    `file:${job.output}`,
  ];
  const onStdout = job.onPercent
    ? progressParser(job.durationSeconds ?? (() => undefined), job.onPercent, job.expectedFrames)
    : undefined;
  await runEngine('ffmpeg', { command: config.FFMPEG_PATH, args, onStdout }, context);
}
