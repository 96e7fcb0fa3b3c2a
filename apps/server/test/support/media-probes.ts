// What tests read back from media files with the real engines: ffprobe's streams, decoded samples,
// ImageMagick's view of an image. The fixtures these read are made in media-fixtures.ts.
import { execFile } from 'node:child_process';
import { rm, stat } from 'node:fs/promises';
import { promisify } from 'node:util';

const run = promisify(execFile);
const magick = process.env.MAGICK_PATH ?? '/usr/bin/convert';

export interface ProbedFile {
  formatName: string;
  duration?: number;
  streams: {
    codec_type: string;
    codec_name: string;
    width?: number;
    height?: number;
    sample_rate?: string;
    channels?: number;
  }[];
}

/** ffprobe of a result file (format, streams, duration). */
export async function probeFile(file: string): Promise<ProbedFile> {
  const { stdout } = await run('ffprobe', [
    '-v',
    'error',
    '-show_format',
    '-show_streams',
    '-of',
    'json',
    file,
  ]);
  const raw = JSON.parse(stdout) as {
    format: { format_name: string; duration?: string };
    streams: ProbedFile['streams'];
  };
  return {
    formatName: raw.format.format_name,
    duration: raw.format.duration ? Number(raw.format.duration) : undefined,
    streams: raw.streams,
  };
}

/**
 * The null muxer's complaint when two decoded pictures round to one tick of its frame rate: about
 * the check's own output (phone recordings with variable frame rate), not about the file.
 */
const nullMuxerTicks = /^\[null @ \w+\] Application provided invalid, non monotonically increasing dts/;

/** Sound counted as 8 kHz mono 16-bit samples: enough to tell its length, little to write. */
const soundSampling = ['-ac', '1', '-ar', '8000', '-f', 's16le'];
const soundBytesPerSecond = 8000 * 2;

/**
 * Decodes every stream to nowhere: how long the sound and pictures really last, and any errors.
 * With `sound`, the same run also counts the first audio stream's samples (see audioSeconds), so
 * a check that needs both decodes the file once.
 */
export async function decodeFile(
  file: string,
  { sound = false } = {},
): Promise<{ seconds: number; errors: string; soundSeconds?: number }> {
  const samples = `${file}.samples.s16le`;
  const soundOutput = sound ? ['-map', '0:a:0', ...soundSampling, samples] : [];
  try {
    const { stdout, stderr } = await run('ffmpeg', [
      ...['-v', 'error', '-y', '-i', file],
      ...['-f', 'null', '-'],
      ...soundOutput,
      ...['-progress', 'pipe:1'],
    ]);
    const last = [...stdout.matchAll(/out_time_us=(\d+)/g)].at(-1)?.[1];
    const errors = stderr
      .split('\n')
      .filter((line) => line.trim() && !nullMuxerTicks.test(line))
      .join('\n');
    const decoded = { seconds: Number(last ?? 0) / 1e6, errors };
    return sound ? { ...decoded, soundSeconds: (await stat(samples)).size / soundBytesPerSecond } : decoded;
  } finally {
    if (sound) await rm(samples, { force: true });
  }
}

/**
 * Seconds of sound the first audio stream decodes to, counted in samples: a decoder that skips
 * frames it cannot read shortens this, while timestamps alone would still span the whole file.
 */
export async function audioSeconds(file: string): Promise<number> {
  const args = ['-v', 'quiet', '-i', file, '-map', '0:a:0', ...soundSampling, '-'];
  const { stdout } = await run('ffmpeg', args, { encoding: 'buffer', maxBuffer: 64 * 1024 ** 2 });
  return stdout.length / soundBytesPerSecond;
}

/** ImageMagick's view of a result image: one line per frame. */
export async function identifyFile(
  file: string,
  coder = '',
): Promise<{ format: string; width: number; height: number }[]> {
  const { stdout } = await run(magick, [`${coder}${file}`, '-format', '%m %w %h\\n', 'info:']);
  return stdout
    .trim()
    .split('\n')
    .map((line) => {
      const [format = '', width = '0', height = '0'] = line.split(' ');
      return { format, width: Number(width), height: Number(height) };
    });
}

/** The darkest channel value of an image, 0..1 (ImageMagick reads formats sharp cannot, like BMP). */
export async function darkestValue(file: string, coder = ''): Promise<number> {
  const { stdout } = await run(magick, [`${coder}${file}`, '-format', '%[fx:minima]', 'info:']);
  return Number(stdout.trim());
}
