// Finds what an upload really is from its content (never its name or claimed type): file-type on the
// upload's first bytes for most formats, the EXR magic number, and ImageMagick headers for ICO and
// TGA, which have weak or no magic. Audio and video are then probed, from their head when it tells
// (engines/media-head.ts), else with ffprobe through the demuxer allow-list (see av-pipeline.ts).
import type { ConverterKind } from '@grabbit/catalog';
import type { FileTypeResult } from 'file-type';
import type { Config } from '../config/env';
import type { SafeDemuxer } from '../engines/ffmpeg-demuxers';
import { ffprobe, type ProbeResult } from '../engines/ffprobe';
import { pingFrames, type MagickFrame } from '../engines/magick-run';
import { headBytes } from './upload-target';
import { imageTooLarge, unsupportedFormat } from './conversion-errors';
import { EngineError, type EngineContext } from '../engines/engine-run';
import type { AudioFormat, ImageFormat, MediaFormat, VideoFormat } from './formats';

export interface DetectedImage {
  kind: 'image';
  format: ImageFormat;
  /** Header sizes per frame, for formats ImageMagick decodes. */
  frames?: MagickFrame[];
}

/** An audio or video upload whose container is known; its streams are probed later. */
export interface DetectedMedia {
  kind: 'audio' | 'video';
  format: AudioFormat | VideoFormat;
  demuxer: SafeDemuxer;
}

/** What the upload holds: its content and where its first bytes are. */
export interface UploadedFile {
  path: string;
  /** The first bytes, as kept by the upload (up to `headBytes`). */
  head: Buffer;
}

export type DetectedInput = DetectedImage | DetectedMedia;

const imageByFileType: Record<string, ImageFormat> = {
  jpg: 'jpeg',
  png: 'png',
  apng: 'png',
  webp: 'webp',
  gif: 'gif',
  tif: 'tiff',
  bmp: 'bmp',
  heic: 'heic',
  avif: 'avif',
  psd: 'psd',
  ico: 'ico',
  cur: 'ico',
};

/** file-type's name -> the demuxer forced on ffmpeg and the format per endpoint kind. */
const mediaByFileType: Record<string, { demuxer: SafeDemuxer; video?: VideoFormat; audio?: AudioFormat }> = {
  mp4: { demuxer: 'mov', video: 'mp4', audio: 'm4a' },
  m4v: { demuxer: 'mov', video: 'm4v', audio: 'm4a' },
  mov: { demuxer: 'mov', video: 'mov', audio: 'm4a' },
  '3gp': { demuxer: 'mov', video: '3gp', audio: 'm4a' },
  '3g2': { demuxer: 'mov', video: '3gp', audio: 'm4a' },
  m4a: { demuxer: 'mov', audio: 'm4a' },
  mkv: { demuxer: 'matroska', video: 'mkv' },
  webm: { demuxer: 'matroska', video: 'webm' },
  avi: { demuxer: 'avi', video: 'avi' },
  asf: { demuxer: 'asf', video: 'wmv', audio: 'wma' },
  flv: { demuxer: 'flv', video: 'flv' },
  // MPEG transport stream: AVCHD camcorders (.mts/.m2ts) and TV recordings.
  mts: { demuxer: 'mpegts', video: 'mts' },
  mp3: { demuxer: 'mp3', audio: 'mp3' },
  wav: { demuxer: 'wav', audio: 'wav' },
  flac: { demuxer: 'flac', audio: 'flac' },
  aac: { demuxer: 'aac', audio: 'aac' },
  ogg: { demuxer: 'ogg', audio: 'ogg' },
  opus: { demuxer: 'ogg', audio: 'ogg' },
  aif: { demuxer: 'aiff', audio: 'aiff' },
  amr: { demuxer: 'amr', audio: 'amr' },
};

const exrMagic = Buffer.from([0x76, 0x2f, 0x31, 0x01]);

/**
 * file-type on the first bytes; the whole file when they end before file-type could decide (a
 * TIFF whose directory is at the end) or when they start an ID3 tag longer than themselves: the
 * tag can front MP3 or AAC, and file-type would only guess MP3.
 */
async function sniffType(file: UploadedFile): Promise<FileTypeResult | undefined> {
  // Loaded by the first upload: a server that converts nothing does not hold it.
  const { fileTypeFromBuffer, fileTypeFromFile } = await import('file-type');
  const whole = file.head.length < headBytes;
  if (!whole && file.head.subarray(0, 3).toString('latin1') === 'ID3') return fileTypeFromFile(file.path);
  const found = await fileTypeFromBuffer(file.head);
  return found || whole ? found : fileTypeFromFile(file.path);
}

/** Reads the headers as one given coder; undefined when ImageMagick refuses the content. */
async function pingAs(
  config: Config,
  coder: string,
  file: string,
  context: EngineContext,
): Promise<MagickFrame[] | undefined> {
  try {
    const frames = await pingFrames(config, `${coder}:${file}`, context);
    return frames.length > 0 && frames.every((f) => f.width > 0 && f.height > 0) ? frames : undefined;
  } catch (error) {
    // The pixel limit is a refusal to report, not a wrong guess.
    if (error instanceof EngineError && /exceeds limit/i.test(error.detail)) throw error;
    return undefined;
  }
}

const magickDecoded = new Set<ImageFormat>(['bmp', 'tga', 'heic', 'ico', 'psd']);

async function detectImage(
  config: Config,
  upload: UploadedFile,
  context: EngineContext,
): Promise<DetectedImage> {
  const file = upload.path;
  const found = await sniffType(upload);
  let format = found ? imageByFileType[found.ext] : undefined;
  if (!found && upload.head.subarray(0, exrMagic.length).equals(exrMagic)) format = 'exr';
  let frames: MagickFrame[] | undefined;
  if (format === 'ico') {
    // A TGA header can look like an icon's; ImageMagick tells them apart.
    frames = await pingAs(config, 'ico', file, context);
    if (!frames) format = undefined;
  }
  if (!format && (!found || found.ext === 'cur')) {
    frames = await pingAs(config, 'tga', file, context);
    if (frames) format = 'tga';
  }
  if (!format) throw unsupportedFormat('image');
  if (magickDecoded.has(format) && !frames) {
    frames = await pingAs(config, format === 'heic' ? 'heic' : format, file, context);
    if (!frames) throw unsupportedFormat('image');
  }
  for (const frame of frames ?? []) {
    if (frame.width * frame.height > config.CONVERT_MAX_PIXELS)
      throw imageTooLarge(frame.width, frame.height, config.CONVERT_MAX_PIXELS);
  }
  return { kind: 'image', format, frames };
}

async function detectMedia(kind: 'audio' | 'video', upload: UploadedFile): Promise<DetectedMedia> {
  const found = await sniffType(upload);
  const entry = found ? mediaByFileType[found.ext] : undefined;
  const format = entry?.[kind];
  if (!entry || !format) throw unsupportedFormat(kind);
  return { kind, format, demuxer: entry.demuxer };
}

/**
 * The streams of a detected audio or video upload, through the same demuxer ffmpeg will use:
 * refused when the container is damaged, holds nothing of the page's kind, or declares a picture
 * over the pixel limit.
 */
export async function probeMedia(
  config: Config,
  media: DetectedMedia,
  file: string,
  context: EngineContext,
): Promise<ProbeResult> {
  let probe: ProbeResult;
  try {
    probe = await ffprobe(config, file, media.demuxer, context);
  } catch (error) {
    if (error instanceof EngineError && !error.timedOut && !context.signal.aborted)
      throw unsupportedFormat(media.kind);
    throw error;
  }
  checkProbedMedia(config, media, probe);
  return probe;
}

/**
 * Refuses probed streams (ffprobe's or a head reader's) that hold nothing of the page's kind or
 * declare a picture over the pixel limit.
 */
export function checkProbedMedia(config: Config, media: DetectedMedia, probe: ProbeResult): void {
  const wanted = probe.streams.filter((s) => s.codecType === media.kind && !s.attachedPic);
  if (wanted.length === 0) throw unsupportedFormat(media.kind);
  for (const stream of wanted) {
    const pixels = (stream.width ?? 0) * (stream.height ?? 0);
    if (pixels > config.CONVERT_MAX_PIXELS)
      throw imageTooLarge(stream.width ?? 0, stream.height ?? 0, config.CONVERT_MAX_PIXELS);
  }
}

export async function detectInput(
  config: Config,
  kind: ConverterKind,
  upload: UploadedFile,
  context: EngineContext,
): Promise<DetectedInput> {
  return kind === 'image' ? detectImage(config, upload, context) : detectMedia(kind, upload);
}

export type { MediaFormat };
