// Tiny media fixtures made on the spot with the real engines (sharp, ImageMagick, ffmpeg, GStreamer),
// so the tests stand alone. Every function writes into the given folder and returns the path.
import { execFile } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import sharp, { type Sharp } from 'sharp';
import { amrEncoderElements, amrMagic } from '../../src/engines/amr-encode';

const run = promisify(execFile);
const magick = process.env.MAGICK_PATH ?? '/usr/bin/convert';

/** ffmpeg, quiet, overwriting its output. */
export const ffmpeg = (args: string[]) => run('ffmpeg', ['-v', 'error', '-y', ...args]);
/** A generated input: a lavfi filter graph such as a test pattern or a tone. */
export const lavfi = (graph: string) => ['-f', 'lavfi', '-i', graph];
/** VP9 as fast as libvpx goes: a fixture's picture, not its quality. */
export const vp9Realtime = ['-c:v', 'libvpx-vp9', '-deadline', 'realtime', '-cpu-used', '8'];
/** `input` with `cover` as a second stream, every stream copied (the caller says what the cover is). */
export const withCover = (input: string, cover: string) => [
  '-i',
  input,
  '-i',
  cover,
  '-map',
  '0',
  '-map',
  '1',
  '-c',
  'copy',
];
const tone = (seconds: number) => lavfi(`sine=frequency=440:sample_rate=44100:duration=${seconds}`);

export interface ImageFixtureOptions {
  width?: number;
  height?: number;
  /** Half-transparent pixels, to see flattening. */
  alpha?: boolean;
}

/** A colourful test picture (gradient + shapes) as PNG, the source of the other image fixtures. */
async function basePng(
  file: string,
  { width = 64, height = 48, alpha = false }: ImageFixtureOptions,
): Promise<void> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="g"><stop offset="0" stop-color="#e33"/><stop offset="1" stop-color="#33e"/></linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)" ${alpha ? 'fill-opacity="0.5"' : ''}/>
    <circle cx="${width / 3}" cy="${height / 2}" r="${Math.min(width, height) / 4}" fill="#3c3"/></svg>`;
  await sharp(Buffer.from(svg)).png().toFile(file);
}

const sharpWriters: Record<string, (image: Sharp) => Sharp> = {
  png: (i) => i.png(),
  jpg: (i) => i.jpeg(),
  jpeg: (i) => i.jpeg(),
  webp: (i) => i.webp(),
  gif: (i) => i.gif(),
  tiff: (i) => i.tiff(),
  tif: (i) => i.tiff(),
};

const magickCoders: Record<string, string> = {
  bmp: 'bmp3',
  tga: 'tga',
  ico: 'ico',
  psd: 'psd',
  heic: 'heic',
  heif: 'heic',
};

/** An image fixture in the format named by its extension (png, jpg, bmp, tga, exr, heic, ico, psd...). */
export async function makeImage(
  dir: string,
  name: string,
  options: ImageFixtureOptions = {},
): Promise<string> {
  const file = path.join(dir, name);
  const extension = path.extname(name).slice(1).toLowerCase();
  const png = path.join(dir, `${name}.source.png`);
  await basePng(png, options);
  const writer = sharpWriters[extension];
  if (writer) {
    await writer(sharp(png)).toFile(file);
  } else if (extension === 'exr') {
    await ffmpeg(['-i', png, '-vf', 'format=gbrpf32le', '-c:v', 'exr', '-f', 'image2', '-update', '1', file]);
  } else if (magickCoders[extension]) {
    await run(magick, [png, `${magickCoders[extension]}:${file}`]);
  } else {
    throw new Error(`No image fixture for ${extension}`);
  }
  return file;
}

/** An animated GIF (or WebP) of `frames` frames. */
export async function makeAnimated(dir: string, name: string, frames = 4): Promise<string> {
  const file = path.join(dir, name);
  const width = 32;
  const height = 24;
  const pages = Array.from({ length: frames }, (_, i) =>
    Buffer.alloc(width * height * 3, i % 2 === 0 ? 0x20 + i * 40 : 0xf0 - i * 30),
  );
  const strip = sharp(Buffer.concat(pages), {
    raw: { width, height: height * frames, channels: 3, pageHeight: height },
  });
  const animated = { loop: 0, delay: Array(frames).fill(100) };
  await (name.endsWith('.webp') ? strip.webp(animated) : strip.gif(animated)).toFile(file);
  return file;
}

export interface AvFixtureOptions {
  seconds?: number;
  width?: number;
  height?: number;
  /** ffmpeg output options choosing codecs; defaults depend on the container. */
  codecs?: string[];
  audio?: boolean;
  /** An MP4's index before its media, as video is served on the web. */
  fastStart?: boolean;
}

const h264Aac = ['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac'];
const videoDefaults: Record<string, string[]> = {
  mp4: h264Aac,
  mov: h264Aac,
  mkv: h264Aac,
  webm: ['-c:v', 'libvpx', '-deadline', 'realtime', '-cpu-used', '8', '-c:a', 'libopus'],
  avi: ['-c:v', 'mpeg4', '-c:a', 'libmp3lame'],
};

/** A short test-pattern clip with a tone (1 s 160x120 by default). */
export async function makeVideo(dir: string, name: string, options: AvFixtureOptions = {}): Promise<string> {
  const { seconds = 1, width = 160, height = 120, audio = true } = options;
  const file = path.join(dir, name);
  const extension = path.extname(name).slice(1).toLowerCase();
  const codecs = options.codecs ?? videoDefaults[extension] ?? [];
  await ffmpeg([
    ...lavfi(`testsrc=size=${width}x${height}:rate=15:duration=${seconds}`),
    ...(audio ? tone(seconds) : []),
    ...codecs,
    '-shortest',
    ...(options.fastStart ? ['-movflags', '+faststart'] : []),
    file,
  ]);
  return file;
}

/**
 * A long clip made cheaply: two seconds encoded, then repeated by stream copy (no encoding) to
 * `seconds`. For tests that need much work from the converter, not from the fixture's maker.
 */
export async function makeLongVideo(
  dir: string,
  name: string,
  options: AvFixtureOptions = {},
): Promise<string> {
  const { seconds = 60 } = options;
  const piece = await makeVideo(dir, `piece-${name}`, { ...options, seconds: 2 });
  const file = path.join(dir, name);
  await ffmpeg(['-stream_loop', String(Math.ceil(seconds / 2) - 1), '-i', piece, '-c', 'copy', file]);
  return file;
}

const audioDefaults: Record<string, string[]> = {
  mp3: ['-c:a', 'libmp3lame'],
  wav: ['-c:a', 'pcm_s16le'],
  flac: ['-c:a', 'flac'],
  aac: ['-c:a', 'aac', '-f', 'adts'],
  ogg: ['-c:a', 'libvorbis'],
  m4a: ['-c:a', 'aac'],
};

/** A short stereo tone (1 s by default); AMR comes from GStreamer, the only AMR encoder here. */
export async function makeAudio(dir: string, name: string, seconds = 1): Promise<string> {
  const file = path.join(dir, name);
  const extension = path.extname(name).slice(1).toLowerCase();
  if (extension === 'amr') {
    const pcm = path.join(dir, `${name}.pcm`);
    await ffmpeg([...lavfi(`sine=frequency=440:sample_rate=8000:duration=${seconds}`), '-f', 's16le', pcm]);
    await writeFile(file, amrMagic);
    const sink = ['!', 'filesink', `location=${file}`, 'append=true'];
    await run('gst-launch-1.0', ['-q', 'filesrc', `location=${pcm}`, '!', ...amrEncoderElements, ...sink]);
    return file;
  }
  await ffmpeg([...tone(seconds), '-ac', '2', ...(audioDefaults[extension] ?? []), file]);
  return file;
}

/** A PNG whose header declares width x height pixels but carries (almost) no pixel data. */
export async function makePixelBombPng(
  dir: string,
  name: string,
  width = 100_000,
  height = 100_000,
): Promise<string> {
  const { crc32 } = await import('node:zlib');
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body) >>> 0);
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.writeUInt8(8, 8); // bit depth
  header.writeUInt8(2, 9); // RGB
  const file = path.join(dir, name);
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  await writeFile(
    file,
    Buffer.concat([
      signature,
      chunk('IHDR', header),
      chunk('IDAT', Buffer.from([0x78, 0x9c, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01])),
      chunk('IEND', Buffer.alloc(0)),
    ]),
  );
  return file;
}
