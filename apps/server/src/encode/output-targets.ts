// The downloader's output formats as data: what yt-dlp should prefer so no re-encode is needed when
// the site offers it, and what the finished file must be. Audio and video formats are containers of
// the shared table (containers.ts: what is copied, what is re-encoded, the same as the converter);
// pictures and subtitles have their own encoder here, as only downloads make them. Each format's
// content type is the catalog's (downloadContentTypes), which the API document lists too.
import { downloadContentTypes } from '@grabbit/catalog';
import type { DownloadFormatName } from '@grabbit/contracts';
import { containers, type Container } from './containers';
import type { SubtitleEncoding, VideoEncoding } from './encode-plan';
import type { TranscriptForm } from './transcript';

export type OutputKind = 'video' | 'audio' | 'image' | 'subtitle';

interface TargetBase {
  /** ffmpeg muxer for the final file. */
  muxer: string;
  extension: string;
  contentType: string;
  /** yt-dlp format sort (-S): the site's format closest to the target first. */
  formatSort: readonly string[];
}

/** Audio or video: the container's copy rules and encoders. */
export interface ContainerTarget<Kind extends 'video' | 'audio' = 'video' | 'audio'> extends TargetBase {
  kind: Kind;
  container: Container;
}

/** A picture: made by one ffmpeg encoder. */
export interface ImageTarget extends TargetBase {
  kind: 'image';
  encoding: VideoEncoding;
}

/** A subtitle file: made by one ffmpeg subtitle encoder. */
export interface SubtitleTarget extends TargetBase {
  kind: 'subtitle';
  encoding: SubtitleEncoding;
  /** A transcript made from the WebVTT subtitles by the finishing step, not by ffmpeg. */
  transcript?: TranscriptForm;
}

/** One member per kind, so a check of `kind` narrows to the fields that kind has. */
export type OutputTarget = ContainerTarget<'video'> | ContainerTarget<'audio'> | ImageTarget | SubtitleTarget;

function inContainer<Kind extends 'video' | 'audio'>(
  kind: Kind,
  container: Container,
  format: DownloadFormatName,
  formatSort: readonly string[],
): ContainerTarget<Kind> {
  const contentType = downloadContentTypes[format];
  return { kind, container, muxer: container.muxer, extension: format, contentType, formatSort };
}

const imageSort = ['ext:jpg:png:webp'];
/** A picture; `extension` when the file's differs from the format's name (the thumbnail's jpg). */
function image(
  muxer: string,
  format: DownloadFormatName,
  encoding: VideoEncoding,
  extension: string = format,
): ImageTarget {
  const contentType = downloadContentTypes[format];
  return { kind: 'image', muxer, extension, contentType, encoding, formatSort: imageSort };
}

/** A subtitle file: fetched by yt-dlp alone (no media), converted by ffmpeg when needed. */
function subtitle(muxer: string, format: DownloadFormatName, codec: string): SubtitleTarget {
  const contentType = downloadContentTypes[format];
  return { kind: 'subtitle', muxer, extension: format, contentType, encoding: { codec }, formatSort: [] };
}

/** A transcript: yt-dlp fetches WebVTT, the finishing step writes the text form. */
function transcript(form: TranscriptForm, format: DownloadFormatName): SubtitleTarget {
  return { ...subtitle('webvtt', format, 'webvtt'), transcript: form };
}

const jpegEncoder: VideoEncoding = { codec: 'mjpeg', qscale: 2, pixelFormat: 'yuvj444p' };
const h264First = ['vcodec:h264', 'acodec:aac', 'ext:mp4:m4a'];

export const outputTargets: Record<DownloadFormatName, OutputTarget> = {
  mp4: inContainer('video', containers.mp4, 'mp4', h264First),
  mov: inContainer('video', containers.mov, 'mov', h264First),
  webm: inContainer('video', containers.webm, 'webm', ['vcodec:vp9', 'acodec:opus', 'ext:webm']),
  mkv: inContainer('video', containers.mkv, 'mkv', []),
  m4a: inContainer('audio', containers.m4a, 'm4a', ['acodec:aac', 'ext:m4a']),
  mp3: inContainer('audio', containers.mp3, 'mp3', ['acodec:mp3', 'acodec:aac']),
  flac: inContainer('audio', containers.flac, 'flac', ['acodec:flac']),
  wav: inContainer('audio', containers.wav, 'wav', []),
  ogg: inContainer('audio', containers.ogg, 'ogg', ['acodec:vorbis', 'acodec:opus']),
  jpg: image('image2', 'jpg', jpegEncoder),
  png: image('image2', 'png', { codec: 'png' }),
  webp: image('webp', 'webp', { codec: 'libwebp', quality: 90 }),
  gif: image('gif', 'gif', { codec: 'gif' }),
  srt: subtitle('srt', 'srt', 'srt'),
  vtt: subtitle('webvtt', 'vtt', 'webvtt'),
  txt: transcript('text', 'txt'),
  md: transcript('markdown', 'md'),
  json: transcript('json', 'json'),
  /** The video's own picture (poster, og:image), as yt-dlp names it. */
  thumbnail: image('image2', 'thumbnail', jpegEncoder, 'jpg'),
};

export function outputTarget(format: DownloadFormatName): OutputTarget {
  return outputTargets[format];
}
