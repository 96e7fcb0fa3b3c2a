// Checks of a conversion result with ffprobe or ImageMagick, shared by the format matrix and the
// real-world corpus run: the file is what its extension says and holds what it should.
import { expect } from 'vitest';
import { decodeFile, identifyFile, probeFile } from './media-probes';

/** What ImageMagick calls each image output (EXR is checked with ffprobe: IM 6 here lacks it). */
const magickNames: Record<string, string[]> = {
  png: ['PNG'],
  ico: ['ICO', 'PNG'],
  jpg: ['JPEG'],
  jpeg: ['JPEG'],
  webp: ['WEBP'],
  gif: ['GIF'],
  bmp: ['BMP', 'BMP3'],
  tiff: ['TIFF'],
  tga: ['TGA'],
};

/** ffprobe's format name for each audio/video output. */
const probeNames: Record<string, string> = {
  mp4: 'mp4',
  mov: 'mov',
  m4v: 'mp4',
  '3gp': '3gp',
  mkv: 'matroska',
  webm: 'webm',
  avi: 'avi',
  wmv: 'asf',
  flv: 'flv',
  mp3: 'mp3',
  wav: 'wav',
  flac: 'flac',
  aac: 'aac',
  ogg: 'ogg',
  m4a: 'm4a',
  wma: 'asf',
  aiff: 'aiff',
  amr: 'amr',
};

const icoSizes = [256, 128, 64, 48, 32, 16];

/** The image's format and size (the first frame's); an icon carries every size from 256 to 16. */
export async function checkImageOutput(
  file: string,
  output: string,
  size?: { width: number; height: number },
): Promise<void> {
  if (output === 'exr') {
    const probe = await probeFile(file);
    expect(probe.streams[0]?.codec_name).toBe('exr');
    if (size) expect(probe.streams[0]).toMatchObject(size);
    return;
  }
  const coder = output === 'tga' ? 'tga:' : output === 'ico' ? 'ico:' : '';
  const frames = await identifyFile(file, coder);
  expect(magickNames[output]).toContain(frames[0]?.format);
  if (output === 'ico') expect(frames.map((f) => f.width)).toEqual(icoSizes);
  else if (size) expect(frames[0]).toMatchObject(size);
  else expect(frames[0]?.width).toBeGreaterThan(0);
}

export interface MediaExpectation {
  kind: 'audio' | 'video';
  /** Seconds the result must last when decoded, within `tolerance`; unchecked when undefined. */
  duration?: number;
  tolerance?: number;
  /** The source has sound, so the result must too. */
  audio: boolean;
}

export async function checkMediaOutput(
  file: string,
  output: string,
  expected: MediaExpectation,
): Promise<void> {
  const probe = await probeFile(file);
  expect(probe.formatName.split(',')).toContain(probeNames[output]);
  const types = probe.streams.map((s) => s.codec_type);
  if (expected.audio) expect(types).toContain('audio');
  if (expected.kind === 'video') expect(types).toContain('video');
  // Played through FFmpeg's decoders (those of VLC, mpv and most players): no errors, full length.
  const decoded = await decodeFile(file, { sound: expected.kind === 'audio' });
  expect(decoded.errors, `${output} decodes`).toBe('');
  if (output === 'amr')
    expect(probe.streams[0]).toMatchObject({ codec_name: 'amr_nb', sample_rate: '8000', channels: 1 });
  if (expected.duration === undefined) return;
  const tolerance = expected.tolerance ?? 0.5;
  const off = (seconds: number) => Math.abs(seconds - (expected.duration ?? 0));
  expect(off(decoded.seconds), `${output} lasts ${decoded.seconds}`).toBeLessThanOrEqual(tolerance);
  // Sound counted in samples: frames a decoder skips do not show in the timestamps above.
  if (expected.kind === 'audio') {
    const seconds = decoded.soundSeconds ?? 0;
    expect(off(seconds), `${output} sounds ${seconds}`).toBeLessThanOrEqual(tolerance);
  }
}
