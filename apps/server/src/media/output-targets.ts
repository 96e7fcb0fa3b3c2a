// Output formats as data: what yt-dlp should prefer so no re-encode is needed when the site offers
// it, and what the finished file must contain (checked with ffprobe, fixed with ffmpeg when not).
import type { DownloadFormatName } from '@grabbit/contracts';
import { aacAt, encoders, vp9ConstantQuality } from './encoders';

export type OutputKind = 'video' | 'audio' | 'image' | 'subtitle';

export interface OutputTarget {
  kind: OutputKind;
  /** ffmpeg muxer for the final file. */
  muxer: string;
  extension: string;
  contentType: string;
  /** Codecs allowed as they are (stream copy); the first is the encoder's codec otherwise. */
  videoCodecs: readonly string[];
  audioCodecs: readonly string[];
  /** ffmpeg encoder arguments when a stream must be re-encoded. */
  videoEncoder: readonly string[];
  audioEncoder: readonly string[];
  /** yt-dlp format sort (-S): the site's format closest to the target first. */
  formatSort: readonly string[];
}

const h264 = encoders.h264;
const aac = aacAt('192k');
const none: readonly string[] = [];
const imageSort = ['ext:jpg:png:webp'];

function video(
  muxer: string,
  extension: string,
  contentType: string,
  v: readonly string[],
  a: readonly string[],
  encV: readonly string[],
  encA: readonly string[],
  sort: readonly string[],
): OutputTarget {
  return {
    kind: 'video',
    muxer,
    extension,
    contentType,
    videoCodecs: v,
    audioCodecs: a,
    videoEncoder: encV,
    audioEncoder: encA,
    formatSort: sort,
  };
}
function audio(
  muxer: string,
  extension: string,
  contentType: string,
  a: readonly string[],
  encA: readonly string[],
  sort: readonly string[],
): OutputTarget {
  return {
    kind: 'audio',
    muxer,
    extension,
    contentType,
    videoCodecs: [],
    audioCodecs: a,
    videoEncoder: none,
    audioEncoder: encA,
    formatSort: sort,
  };
}
function image(
  muxer: string,
  extension: string,
  contentType: string,
  v: readonly string[],
  encV: readonly string[],
): OutputTarget {
  return {
    kind: 'image',
    muxer,
    extension,
    contentType,
    videoCodecs: v,
    audioCodecs: [],
    videoEncoder: encV,
    audioEncoder: none,
    formatSort: imageSort,
  };
}

/** A subtitle file: fetched by yt-dlp alone (no media), converted by ffmpeg when needed. */
function subtitle(muxer: string, extension: string, contentType: string, codec: string): OutputTarget {
  return {
    kind: 'subtitle',
    muxer,
    extension,
    contentType,
    videoCodecs: [],
    audioCodecs: [],
    videoEncoder: ['-c:s', codec],
    audioEncoder: none,
    formatSort: [],
  };
}

const jpegEncoder = ['-c:v', 'mjpeg', '-q:v', '2', '-pix_fmt', 'yuvj444p'];

export const outputTargets: Record<DownloadFormatName, OutputTarget> = {
  mp4: video('mp4', 'mp4', 'video/mp4', ['h264'], ['aac'], h264, aac, [
    'vcodec:h264',
    'acodec:aac',
    'ext:mp4:m4a',
  ]),
  mov: video('mov', 'mov', 'video/quicktime', ['h264'], ['aac'], h264, aac, [
    'vcodec:h264',
    'acodec:aac',
    'ext:mp4:m4a',
  ]),
  webm: video(
    'webm',
    'webm',
    'video/webm',
    ['vp9', 'vp8', 'av1'],
    ['opus', 'vorbis'],
    vp9ConstantQuality(32),
    encoders.opus,
    ['vcodec:vp9', 'acodec:opus', 'ext:webm'],
  ),
  mkv: video('matroska', 'mkv', 'video/x-matroska', ['*'], ['*'], h264, aac, []),
  m4a: audio('ipod', 'm4a', 'audio/mp4', ['aac'], aac, ['acodec:aac', 'ext:m4a']),
  mp3: audio(
    'mp3',
    'mp3',
    'audio/mpeg',
    ['mp3'],
    ['-c:a', 'libmp3lame', '-q:a', '2'],
    ['acodec:mp3', 'acodec:aac'],
  ),
  flac: audio('flac', 'flac', 'audio/flac', ['flac'], encoders.flac, ['acodec:flac']),
  wav: audio('wav', 'wav', 'audio/wav', ['pcm_s16le'], encoders.pcm, []),
  ogg: audio('ogg', 'ogg', 'audio/ogg', ['vorbis', 'opus'], encoders.vorbis, [
    'acodec:vorbis',
    'acodec:opus',
  ]),
  jpg: image('image2', 'jpg', 'image/jpeg', ['mjpeg'], jpegEncoder),
  png: image('image2', 'png', 'image/png', ['png'], ['-c:v', 'png']),
  webp: image('webp', 'webp', 'image/webp', ['webp'], ['-c:v', 'libwebp', '-quality', '90']),
  gif: image('gif', 'gif', 'image/gif', ['gif'], ['-c:v', 'gif']),
  srt: subtitle('srt', 'srt', 'application/x-subrip', 'srt'),
  vtt: subtitle('webvtt', 'vtt', 'text/vtt', 'webvtt'),
  /** The video's own picture (poster, og:image), as yt-dlp names it. */
  thumbnail: image('image2', 'jpg', 'image/jpeg', ['mjpeg'], jpegEncoder),
};

export function outputTarget(format: DownloadFormatName): OutputTarget {
  return outputTargets[format];
}
