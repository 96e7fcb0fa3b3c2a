// ffprobe on an upload or a download, with the same input restrictions as ffmpeg (see ffmpeg-demuxers.ts).
import type { EnginePaths } from './engine-paths';
import { runEngine, type EngineContext } from './engine-run';
import { safeDemuxers, safeInputArgs, type DownloadDemuxer, type SafeDemuxer } from './ffmpeg-demuxers';

export interface ProbedStream {
  index: number;
  codecType: 'video' | 'audio' | 'subtitle' | 'data' | 'attachment' | string;
  codecName: string;
  width?: number;
  height?: number;
  channels?: number;
  /** Audio samples per second. */
  sampleRate?: number;
  /** Bits per second, when the container says. */
  bitRate?: number;
  /** Average frames per second of a picture stream, when known. */
  frameRate?: number;
  /** Cover art and other still pictures carried as a video stream. */
  attachedPic: boolean;
}

export interface ProbeResult {
  formatName: string;
  /** Seconds; undefined when the container does not say (live-style WebM). */
  duration?: number;
  streams: ProbedStream[];
}

interface RawProbe {
  format?: { format_name?: string; duration?: string };
  streams?: {
    index: number;
    codec_type?: string;
    codec_name?: string;
    width?: number;
    height?: number;
    channels?: number;
    sample_rate?: string;
    bit_rate?: string;
    avg_frame_rate?: string;
    duration?: string;
    disposition?: { attached_pic?: number };
  }[];
}

/** ffprobe's `30000/1001` as a number; `0/0` (unknown, or audio) as undefined. */
function frameRateOf(text: string | undefined): number | undefined {
  const [num, den] = (text ?? '').split('/').map(Number);
  const rate = num !== undefined && den ? num / den : Number.NaN;
  return Number.isFinite(rate) && rate > 0 ? rate : undefined;
}

export async function ffprobe(
  config: EnginePaths,
  file: string,
  demuxer: SafeDemuxer | DownloadDemuxer | undefined,
  context: EngineContext,
  allowedDemuxers: readonly string[] = safeDemuxers,
): Promise<ProbeResult> {
  const args = [
    '-v',
    'error',
    ...safeInputArgs(demuxer, config.CONVERT_MAX_PIXELS, allowedDemuxers),
    '-show_entries',
    'format=format_name,duration:stream=index,codec_type,codec_name,width,height,channels,sample_rate,bit_rate,avg_frame_rate,duration:stream_disposition=attached_pic',
    '-of',
    'json',
    `file:${file}`,
  ];
  const result = await runEngine('ffprobe', { command: config.FFPROBE_PATH, args }, context);
  const raw = JSON.parse(result.stdout) as RawProbe;
  const streams = (raw.streams ?? []).map((s) => ({
    index: s.index,
    codecType: s.codec_type ?? 'unknown',
    codecName: s.codec_name ?? 'unknown',
    width: s.width,
    height: s.height,
    channels: s.channels,
    sampleRate: Number(s.sample_rate) || undefined,
    bitRate: s.bit_rate === undefined ? undefined : Number(s.bit_rate) || undefined,
    frameRate: frameRateOf(s.avg_frame_rate),
    attachedPic: s.disposition?.attached_pic === 1,
  }));
  const durations = [raw.format?.duration, ...(raw.streams ?? []).map((s) => s.duration)]
    .map(Number)
    .filter((value) => Number.isFinite(value) && value > 0);
  return { formatName: raw.format?.format_name ?? '', duration: durations[0], streams };
}
