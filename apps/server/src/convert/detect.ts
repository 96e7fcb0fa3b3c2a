// Finds what an upload really is from its content (never its name or claimed type): file-type for
// most formats, the EXR magic number, and ImageMagick headers for ICO and TGA, which have weak or no
// magic. Audio and video are then probed with ffprobe through the demuxer allow-list.
import { open } from 'node:fs/promises';
import type { ConverterKind } from '@grabbit/catalog';
import { fileTypeFromFile } from 'file-type';
import type { Config } from '../config/env';
import type { SafeDemuxer } from '../media/ffmpeg-demuxers';
import { ffprobe, type ProbeResult } from '../media/ffprobe';
import { pingFrames, type MagickFrame } from '../media/magick-run';
import { imageTooLarge, unsupportedFormat } from './conversion-errors';
import { EngineError, type EngineContext } from './engine-run';
import type { AudioFormat, ImageFormat, MediaFormat, VideoFormat } from './formats';

export interface DetectedImage {
  kind: 'image';
  format: ImageFormat;
  /** Header sizes per frame, for formats ImageMagick decodes. */
  frames?: MagickFrame[];
}

export interface DetectedMedia {
  kind: 'audio' | 'video';
  format: AudioFormat | VideoFormat;
  demuxer: SafeDemuxer;
  probe: ProbeResult;
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

async function startsWith(file: string, magic: Buffer): Promise<boolean> {
  const handle = await open(file, 'r');
  try {
    const head = Buffer.alloc(magic.length);
    const { bytesRead } = await handle.read(head, 0, magic.length, 0);
    return bytesRead === magic.length && head.equals(magic);
  } finally {
    await handle.close();
  }
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

async function detectImage(config: Config, file: string, context: EngineContext): Promise<DetectedImage> {
  const found = await fileTypeFromFile(file);
  let format = found ? imageByFileType[found.ext] : undefined;
  if (!found && (await startsWith(file, exrMagic))) format = 'exr';
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

async function detectMedia(
  config: Config,
  kind: 'audio' | 'video',
  file: string,
  context: EngineContext,
): Promise<DetectedMedia> {
  const found = await fileTypeFromFile(file);
  const entry = found ? mediaByFileType[found.ext] : undefined;
  const format = entry?.[kind];
  if (!entry || !format) throw unsupportedFormat(kind);
  let probe: ProbeResult;
  try {
    probe = await ffprobe(config, file, entry.demuxer, context);
  } catch (error) {
    if (error instanceof EngineError && !error.timedOut) throw unsupportedFormat(kind);
    throw error;
  }
  const wanted = probe.streams.filter((s) => s.codecType === kind && !s.attachedPic);
  if (wanted.length === 0) throw unsupportedFormat(kind);
  for (const stream of wanted) {
    const pixels = (stream.width ?? 0) * (stream.height ?? 0);
    if (pixels > config.CONVERT_MAX_PIXELS)
      throw imageTooLarge(stream.width ?? 0, stream.height ?? 0, config.CONVERT_MAX_PIXELS);
  }
  return { kind, format, demuxer: entry.demuxer, probe };
}

export async function detectInput(
  config: Config,
  kind: ConverterKind,
  file: string,
  context: EngineContext,
): Promise<DetectedInput> {
  return kind === 'image' ? detectImage(config, file, context) : detectMedia(config, kind, file, context);
}

export type { MediaFormat };
