// ffprobe on an upload, with the same input restrictions as ffmpeg (see ffmpeg-demuxers.ts).
import type { EnginePaths } from './engine-paths';
import { runEngine, type EngineContext } from './engine-run';
import { safeInputArgs, type SafeDemuxer } from './ffmpeg-demuxers';

export interface ProbedStream {
  index: number;
  codecType: 'video' | 'audio' | 'subtitle' | 'data' | 'attachment' | string;
  codecName: string;
  width?: number;
  height?: number;
  channels?: number;
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
    duration?: string;
    disposition?: { attached_pic?: number };
  }[];
}

export async function ffprobe(
  config: EnginePaths,
  file: string,
  demuxer: SafeDemuxer | undefined,
  context: EngineContext,
): Promise<ProbeResult> {
  const args = [
    '-v',
    'error',
    ...safeInputArgs(demuxer, config.CONVERT_MAX_PIXELS),
    '-show_entries',
    'format=format_name,duration:stream=index,codec_type,codec_name,width,height,channels,duration:stream_disposition=attached_pic',
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
    attachedPic: s.disposition?.attached_pic === 1,
  }));
  const durations = [raw.format?.duration, ...(raw.streams ?? []).map((s) => s.duration)]
    .map(Number)
    .filter((value) => Number.isFinite(value) && value > 0);
  return { formatName: raw.format?.format_name ?? '', duration: durations[0], streams };
}
