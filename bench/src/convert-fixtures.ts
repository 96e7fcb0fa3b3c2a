// Benchmark inputs, generated on the spot with ffmpeg (and deleted with the temp folder).
import { execFile } from 'node:child_process';
import { stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const ffmpeg = (args: string[]) =>
  run('ffmpeg', ['-v', 'error', '-y', '-nostdin', ...args], { maxBuffer: 1 << 20 });

/** A 12-megapixel (4000x3000) PNG test chart. */
export async function twelveMegapixelPng(dir: string): Promise<string> {
  const file = path.join(dir, 'photo-12mp.png');
  await ffmpeg(['-f', 'lavfi', '-i', 'testsrc2=size=4000x3000', '-frames:v', '1', file]);
  return file;
}

/** A small PNG for the concurrency run. */
export async function smallPng(dir: string, index: number): Promise<string> {
  const file = path.join(dir, `small-${index}.png`);
  await ffmpeg([
    '-f',
    'lavfi',
    '-i',
    `testsrc2=size=320x240:rate=1`,
    '-vf',
    `hue=h=${index * 20}`,
    '-frames:v',
    '1',
    file,
  ]);
  return file;
}

/** H.264 + AAC clip of the given size and length. */
export async function h264Clip(
  dir: string,
  name: string,
  seconds: number,
  size: string,
  bitrate?: string,
): Promise<string> {
  const file = path.join(dir, name);
  await ffmpeg([
    '-f',
    'lavfi',
    '-i',
    `testsrc2=size=${size}:rate=30:duration=${seconds}`,
    '-f',
    'lavfi',
    '-i',
    `sine=frequency=330:sample_rate=48000:duration=${seconds}`,
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    ...(bitrate ? ['-b:v', bitrate] : []),
    '-pix_fmt',
    'yuv420p',
    '-c:a',
    'aac',
    '-b:a',
    '128k',
    file,
  ]);
  return file;
}

/**
 * About `targetBytes` of MKV cheaply: a short high-bitrate Motion-JPEG + PCM clip (noise makes the
 * frames big), repeated by stream copy. MKV to MOV of it is a pure stream copy on the server.
 */
export async function bigMkv(dir: string, targetBytes: number): Promise<string> {
  const clip = path.join(dir, 'big-seed.mkv');
  await ffmpeg([
    '-f',
    'lavfi',
    '-i',
    'testsrc2=size=1280x720:rate=30:duration=4',
    '-f',
    'lavfi',
    '-i',
    'sine=frequency=220:sample_rate=48000:duration=4',
    '-vf',
    'noise=alls=60:allf=t',
    '-c:v',
    'mjpeg',
    '-q:v',
    '2',
    '-c:a',
    'pcm_s16le',
    clip,
  ]);
  const seedBytes = (await stat(clip)).size;
  const loops = Math.max(0, Math.floor(targetBytes / seedBytes) - 1);
  const file = path.join(dir, 'big.mkv');
  await ffmpeg(['-stream_loop', String(loops), '-i', clip, '-c', 'copy', file]);
  await unlink(clip);
  return file;
}

export async function durationOf(file: string): Promise<number> {
  const { stdout } = await run('ffprobe', [
    '-v',
    'error',
    '-show_entries',
    'format=duration',
    '-of',
    'csv=p=0',
    file,
  ]);
  return Number(stdout.trim());
}
