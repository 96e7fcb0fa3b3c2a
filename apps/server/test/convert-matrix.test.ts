// The whole format matrix: for every converter page, a tiny fixture of its input format converted
// to every output the page offers, each result checked with ffprobe or ImageMagick.
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { converterPages, type ConverterPage } from '@grabbit/catalog';
import { describe, expect, it } from 'vitest';
import { identifyFile, makeAudio, makeImage, makeVideo, probeFile } from './support/media-fixtures';
import { expectNoUploadsSoon, postConversion, useConvertApp } from './support/convert-app';

const ctx = useConvertApp('matrix', { CONVERT_CONCURRENCY: '2' });

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

async function fixtureFor(page: ConverterPage): Promise<string> {
  const extension = page.inputs[0] ?? page.id;
  const name = `${page.id}-input.${extension}`;
  if (page.kind === 'image') return makeImage(ctx.dir, name);
  if (page.kind === 'video') return makeVideo(ctx.dir, name);
  return makeAudio(ctx.dir, name);
}

async function checkImage(file: string, output: string): Promise<void> {
  if (output === 'exr') {
    const probe = await probeFile(file);
    expect(probe.streams[0]).toMatchObject({ codec_name: 'exr', width: 64, height: 48 });
    return;
  }
  const coder = output === 'tga' ? 'tga:' : output === 'ico' ? 'ico:' : '';
  const frames = await identifyFile(file, coder);
  expect(magickNames[output]).toContain(frames[0]?.format);
  if (output === 'ico') {
    expect(frames.map((f) => f.width)).toEqual([256, 128, 64, 48, 32, 16]);
  } else {
    expect(frames[0]).toMatchObject({ width: 64, height: 48 });
  }
}

async function checkMedia(file: string, output: string, kind: 'audio' | 'video'): Promise<void> {
  const probe = await probeFile(file);
  expect(probe.formatName.split(',')).toContain(probeNames[output]);
  const types = probe.streams.map((s) => s.codec_type);
  expect(types).toContain('audio');
  if (kind === 'video') expect(types).toContain('video');
  expect(probe.duration ?? 0).toBeGreaterThan(0.6);
  expect(probe.duration ?? 0).toBeLessThan(1.6);
  if (output === 'amr')
    expect(probe.streams[0]).toMatchObject({ codec_name: 'amr_nb', sample_rate: '8000', channels: 1 });
}

describe('format matrix', () => {
  for (const page of converterPages) {
    it(`${page.id}-converter: ${page.inputs[0]} to ${page.outputs.join(', ')}`, async () => {
      const input = await fixtureFor(page);
      const results = await Promise.all(
        page.outputs.map(async (output) => {
          const response = await postConversion(ctx.server.app, page.kind, input, output);
          expect(response.statusCode, `${page.id} -> ${output}: ${response.body.slice(0, 200)}`).toBe(200);
          const file = path.join(ctx.dir, `${page.id}-to-${output}.${output}`);
          await writeFile(file, response.rawPayload);
          return { output, file };
        }),
      );
      for (const { output, file } of results) {
        if (page.kind === 'image') await checkImage(file, output);
        else await checkMedia(file, output, page.kind);
      }
      await expectNoUploadsSoon(ctx.server.dataDir);
    });
  }
});
