// Conversion options: each one changes the output as asked, the defaults keep the plain
// conversion (metadata removed), and bad values are a clear 400 VALIDATION_FAILED.
import { execFile } from 'node:child_process';
import { stat } from 'node:fs/promises';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { makeAudio, makeImage, makeVideo } from './support/media-fixtures';
import { identifyFile, probeFile } from './support/media-probes';
import { postConversion, saveFile, useConvertApp } from './support/convert-app';

const run = promisify(execFile);
const ctx = useConvertApp('options');

/** A JPEG with EXIF (camera and GPS), XMP and an ICC profile, as a phone would make it. */
async function photoWithMetadata(): Promise<string> {
  const png = await makeImage(ctx.dir, 'meta-source.png', { width: 120, height: 80 });
  const file = `${ctx.dir}/camera.jpg`;
  await sharp(png)
    .withExif({ IFD0: { Make: 'GrabbitCam', Model: 'Test 1' }, IFD3: { GPSLatitudeRef: 'N' } })
    .withXmp(
      '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"/></x:xmpmeta>',
    )
    .withIccProfile('p3')
    .jpeg()
    .toFile(file);
  return file;
}

async function convertWith(
  file: string,
  kind: 'image' | 'audio' | 'video',
  to: string,
  fields: Record<string, string>,
) {
  const response = await postConversion(ctx.server.app, kind, file, to, { fields });
  expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
  return saveFile(ctx.dir, `out-${Math.random().toString(36).slice(2)}.${to}`, response.rawPayload);
}

describe('image options', () => {
  it('fits MaxWidth x MaxHeight keeping the aspect, and never enlarges', async () => {
    const png = await makeImage(ctx.dir, 'wide.png', { width: 200, height: 100 });
    const fitted = await convertWith(png, 'image', 'jpg', { MaxWidth: '100', MaxHeight: '100' });
    expect((await identifyFile(fitted))[0]).toMatchObject({ width: 100, height: 50 });
    const kept = await convertWith(png, 'image', 'webp', { MaxWidth: '1000' });
    expect((await identifyFile(kept))[0]).toMatchObject({ width: 200, height: 100 });
  });

  it('makes smaller files at lower Quality', async () => {
    const png = await makeImage(ctx.dir, 'quality.png', { width: 400, height: 300 });
    const high = await stat(await convertWith(png, 'image', 'jpg', {}));
    const small = await stat(await convertWith(png, 'image', 'jpg', { Quality: 'small' }));
    expect(small.size).toBeLessThan(high.size * 0.8);
  });

  it('removes EXIF, XMP and the profile by default and keeps them with StripMetadata=false', async () => {
    const photo = await photoWithMetadata();
    const stripped = await sharp(await convertWith(photo, 'image', 'webp', {})).metadata();
    expect(stripped.exif).toBeUndefined();
    expect(stripped.xmp).toBeUndefined();
    const kept = await sharp(
      await convertWith(photo, 'image', 'webp', { StripMetadata: 'false' }),
    ).metadata();
    expect(kept.exif?.toString('latin1')).toContain('GrabbitCam');
    expect(kept.xmp).toBeDefined();
    expect(kept.icc).toBeDefined();
  });
});

describe('audio and video options', () => {
  it('cuts StartTime..EndTime and scales within MaxWidth', async () => {
    const clip = await makeVideo(ctx.dir, 'long.mp4', { seconds: 4, width: 320, height: 240 });
    const out = await convertWith(clip, 'video', 'mkv', {
      StartTime: '1',
      EndTime: '2.5',
      MaxWidth: '160',
    });
    const probe = await probeFile(out);
    expect(probe.duration).toBeGreaterThan(1.2);
    expect(probe.duration).toBeLessThan(1.9);
    expect(probe.streams.find((s) => s.codec_type === 'video')).toMatchObject({ width: 160, height: 120 });
  });

  it('encodes the asked AudioBitrate', async () => {
    const wav = await makeAudio(ctx.dir, 'tone.wav', 3);
    const low = await convertWith(wav, 'audio', 'mp3', { AudioBitrate: '64k' });
    const { stdout } = await run('ffprobe', [
      '-v',
      'error',
      '-show_entries',
      'stream=bit_rate',
      '-of',
      'csv=p=0',
      low,
    ]);
    expect(Number(stdout.trim())).toBe(64000);
  });

  it('keeps container metadata only when asked', async () => {
    const clip = `${ctx.dir}/tagged.mp4`;
    await run('ffmpeg', [
      '-v',
      'error',
      '-y',
      '-i',
      await makeVideo(ctx.dir, 'untagged.mp4'),
      '-c',
      'copy',
      '-metadata',
      'title=Holiday',
      clip,
    ]);
    const title = async (file: string) =>
      (
        await run('ffprobe', ['-v', 'error', '-show_entries', 'format_tags=title', '-of', 'csv=p=0', file])
      ).stdout.trim();
    expect(await title(await convertWith(clip, 'video', 'mkv', {}))).toBe('');
    expect(await title(await convertWith(clip, 'video', 'mkv', { StripMetadata: 'false' }))).toBe('Holiday');
  });
});

describe('bad option values', () => {
  it.each([
    [{ Quality: 'ultra' }, 'Quality must be high, balanced or small'],
    [{ MaxWidth: '0' }, 'MaxWidth must be at least 1'],
    [{ MaxHeight: 'tall' }, 'MaxHeight must be a whole number of pixels'],
    [{ StartTime: '-1' }, 'StartTime must be 0 or more seconds'],
    [{ StartTime: '5', EndTime: '2' }, 'EndTime must be after StartTime'],
    [{ AudioBitrate: 'loud' }, 'AudioBitrate must look like 192k'],
    [{ AudioBitrate: '999k' }, 'AudioBitrate must be between 32k and 320k'],
    [{ StripMetadata: 'maybe' }, 'StripMetadata must be true or false'],
  ])('refuses %j with a clear message', async (fields, message) => {
    const png = await makeImage(ctx.dir, 'bad.png');
    const response = await postConversion(ctx.server.app, 'image', png, 'jpg', { fields });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED', Error: message });
  });
});
