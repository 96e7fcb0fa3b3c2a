// Codec-aware ffmpeg options per output container: keep a stream as it is (stream copy) when its
// codec fits the target container, transcode it with fast settings otherwise. Pure: no engine runs.
import { aacAt, encoders, vp9ConstantQuality } from '../media/encoders';
import type { ProbedStream, ProbeResult } from '../media/ffprobe';

interface ContainerSpec {
  muxer: string;
  /** Video codecs the container takes as they are; undefined for audio-only outputs. */
  videoCopy?: readonly string[];
  video?: readonly string[];
  audioCopy: readonly string[];
  audio: readonly string[];
  /** Largest channel count the audio encoder takes. */
  maxChannels?: number;
  extra?: readonly string[];
}

const evenSize = 'scale=trunc(iw/2)*2:trunc(ih/2)*2';
const h264 = [...encoders.h264, '-vf', evenSize];
const faststart = ['-movflags', '+faststart'];

/** 3GP with H.263 needs one of the standard picture sizes: CIF, letterboxed. */
const cif = 'scale=352:288:force_original_aspect_ratio=decrease,pad=352:288:(ow-iw)/2:(oh-ih)/2,setsar=1';
const legalH263Sizes = new Set(['128x96', '176x144', '352x288', '704x576']);

export const containerSpecs: Record<string, ContainerSpec> = {
  mp4: {
    muxer: 'mp4',
    videoCopy: ['h264', 'hevc', 'mpeg4'],
    video: h264,
    audioCopy: ['aac', 'mp3'],
    audio: aacAt('160k'),
    extra: faststart,
  },
  mov: {
    muxer: 'mov',
    videoCopy: ['h264', 'hevc', 'mpeg4', 'mjpeg'],
    video: h264,
    audioCopy: ['aac', 'mp3', 'alac', 'pcm_s16le'],
    audio: aacAt('160k'),
    extra: faststart,
  },
  m4v: {
    muxer: 'ipod',
    videoCopy: ['h264'],
    video: h264,
    audioCopy: ['aac'],
    audio: aacAt('160k'),
    extra: faststart,
  },
  mkv: {
    muxer: 'matroska',
    videoCopy: ['h264', 'hevc', 'vp8', 'vp9', 'av1', 'mpeg4'],
    video: h264,
    audioCopy: ['aac', 'mp3', 'opus', 'vorbis', 'flac', 'ac3'],
    audio: aacAt('160k'),
  },
  webm: {
    muxer: 'webm',
    videoCopy: ['vp8', 'vp9', 'av1'],
    // VP9 in real-time mode with row multithreading: the fast end of VP9.
    video: [...vp9ConstantQuality(35), '-pix_fmt', 'yuv420p'],
    audioCopy: ['opus', 'vorbis'],
    audio: encoders.opus,
  },
  avi: {
    muxer: 'avi',
    videoCopy: ['mpeg4', 'mjpeg'],
    video: ['-c:v', 'mpeg4', '-q:v', '4', '-vtag', 'XVID', '-r', '30', '-vf', evenSize],
    audioCopy: ['mp3', 'pcm_s16le', 'ac3'],
    audio: ['-c:a', 'libmp3lame', '-b:a', '192k'],
    maxChannels: 2,
  },
  wmv: {
    muxer: 'asf',
    videoCopy: ['wmv1', 'wmv2'],
    video: ['-c:v', 'wmv2', '-q:v', '4', '-r', '30', '-vf', evenSize],
    audioCopy: ['wmav1', 'wmav2'],
    audio: ['-c:a', 'wmav2', '-b:a', '192k'],
    maxChannels: 2,
  },
  // FLV takes MP3 only at 44.1/22.05/11.025 kHz: AAC is the safe copy.
  flv: {
    muxer: 'flv',
    videoCopy: ['h264', 'flv1'],
    video: h264,
    audioCopy: ['aac'],
    audio: [...aacAt('128k'), '-ar', '44100'],
    maxChannels: 2,
  },
  '3gp': {
    muxer: '3gp',
    // Old phones play H.263 at the standard sizes only: anything else is re-encoded to CIF.
    videoCopy: ['h263'],
    video: ['-c:v', 'h263', '-q:v', '5', '-r', '30000/1001', '-vf', cif],
    audioCopy: ['amr_nb', 'aac'],
    audio: [...aacAt('64k'), '-ar', '22050'],
    maxChannels: 1,
  },
  mp3: { muxer: 'mp3', audioCopy: ['mp3'], audio: ['-c:a', 'libmp3lame', '-b:a', '192k'], maxChannels: 2 },
  wav: { muxer: 'wav', audioCopy: ['pcm_s16le'], audio: encoders.pcm },
  flac: { muxer: 'flac', audioCopy: ['flac'], audio: encoders.flac },
  aac: { muxer: 'adts', audioCopy: ['aac'], audio: aacAt('192k') },
  ogg: { muxer: 'ogg', audioCopy: ['vorbis', 'opus'], audio: encoders.vorbis },
  m4a: { muxer: 'ipod', audioCopy: ['aac', 'alac'], audio: aacAt('192k'), extra: faststart },
  wma: {
    muxer: 'asf',
    audioCopy: ['wmav1', 'wmav2'],
    audio: ['-c:a', 'wmav2', '-b:a', '192k'],
    maxChannels: 2,
  },
  aiff: { muxer: 'aiff', audioCopy: ['pcm_s16be'], audio: ['-c:a', 'pcm_s16be'] },
  // AMR: ffmpeg makes 8 kHz mono raw PCM, GStreamer encodes it (see amr-encode.ts).
  amr: { muxer: 's16le', audioCopy: [], audio: [...encoders.pcm, '-ar', '8000'], maxChannels: 1 },
};

/** What the probe decides for a target: keep each stream as it is or re-encode it, fold channels. */
export interface AvChoice {
  copyVideo: boolean;
  copyAudio: boolean;
  /** Fold the audio down to the container's channel limit. */
  downmix: boolean;
  /** Stream-copied HEVC in an MP4-family file gets Apple's `hvc1` tag, or Safari will not play it. */
  hevcTag: boolean;
}

/** Re-encode everything, keep the channels: the choice for most uploads (see av-pipeline.ts). */
export const transcodeChoice: AvChoice = {
  copyVideo: false,
  copyAudio: false,
  downmix: false,
  hevcTag: false,
};

export function sameChoice(a: AvChoice, b: AvChoice): boolean {
  return (
    a.copyVideo === b.copyVideo &&
    a.copyAudio === b.copyAudio &&
    a.downmix === b.downmix &&
    a.hevcTag === b.hevcTag
  );
}

export interface AvPlan extends AvChoice {
  outputArgs: string[];
  /** The ffmpeg output is intermediate PCM that GStreamer turns into AMR (amr-encode.ts). */
  needsAmrEncoder: boolean;
}

function specOf(target: string): ContainerSpec {
  const spec = containerSpecs[target];
  if (!spec) throw new Error(`No container spec for ${target}`);
  return spec;
}

/** The first real picture stream (not cover art) and the first audio stream, as ffmpeg maps them. */
function firstStream(probe: ProbeResult, type: 'video' | 'audio'): ProbedStream | undefined {
  return probe.streams.find((s) => s.codecType === type && !s.attachedPic);
}

function fitsVideo(spec: ContainerSpec, target: string, stream: ProbedStream): boolean {
  if (!spec.videoCopy?.includes(stream.codecName)) return false;
  if (target === '3gp' && stream.codecName === 'h263')
    return legalH263Sizes.has(`${stream.width}x${stream.height}`);
  return true;
}

export function chooseStreams(probe: ProbeResult, target: string): AvChoice {
  const spec = specOf(target);
  const video = spec.videoCopy ? firstStream(probe, 'video') : undefined;
  const audio = firstStream(probe, 'audio');
  const copyVideo = video !== undefined && fitsVideo(spec, target, video);
  const copyAudio = audio !== undefined && spec.audioCopy.includes(audio.codecName);
  return {
    copyVideo,
    copyAudio,
    downmix:
      audio !== undefined &&
      !copyAudio &&
      spec.maxChannels !== undefined &&
      (audio.channels ?? 0) > spec.maxChannels,
    hevcTag: copyVideo && video?.codecName === 'hevc' && spec.extra === faststart,
  };
}

/**
 * ffmpeg's output options for a target and a choice. Streams are picked by specifier, as ffprobe
 * saw them: `V` is the first picture stream that is not cover art; `?` lets a file without one
 * through (an audio file to MP4, a silent clip).
 */
export function planArgs(target: string, choice: AvChoice): AvPlan {
  const spec = specOf(target);
  // No metadata (GPS of phone recordings included), no subtitles, data tracks or chapters.
  const args: string[] = ['-map_metadata', '-1', '-map_chapters', '-1', '-sn', '-dn'];
  if (spec.videoCopy) {
    args.push('-map', '0:V:0?', ...(choice.copyVideo ? ['-c:v', 'copy'] : (spec.video ?? [])));
    if (choice.hevcTag) args.push('-tag:v', 'hvc1');
  } else {
    args.push('-vn');
  }
  args.push('-map', '0:a:0?', ...(choice.copyAudio ? ['-c:a', 'copy'] : spec.audio));
  if (choice.downmix && spec.maxChannels) args.push('-ac', String(spec.maxChannels));
  args.push(...(spec.extra ?? []), '-f', spec.muxer);
  return { ...choice, outputArgs: args, needsAmrEncoder: target === 'amr' };
}

export function planAudioVideo(probe: ProbeResult, target: string): AvPlan {
  return planArgs(target, chooseStreams(probe, target));
}
