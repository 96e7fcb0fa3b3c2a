// The image rules of the converter: multi-size icons, animation kept, orientation, colour space,
// white behind transparency, no metadata.
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { makeAnimated, makeImage } from './support/media-fixtures';
import { darkestValue, identifyFile } from './support/media-probes';
import { postConversion, saveFile, useConvertApp } from './support/convert-app';

const ctx = useConvertApp('rules');

async function convertOk(kind: 'image', file: string, output: string): Promise<Buffer> {
  const response = await postConversion(ctx.server.app, kind, file, output);
  expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
  return response.rawPayload;
}

describe('image rules', () => {
  it('makes a multi-size icon (256 down to 16) from a 4000x3000 picture', async () => {
    const big = await makeImage(ctx.dir, 'big.png', { width: 4000, height: 3000 });
    const icon = path.join(ctx.dir, 'big.ico');
    await writeFile(icon, await convertOk('image', big, 'ico'));
    const frames = await identifyFile(icon, 'ico:');
    expect(frames.map((f) => `${f.width}x${f.height}`)).toEqual([
      '256x256',
      '128x128',
      '64x64',
      '48x48',
      '32x32',
      '16x16',
    ]);
  });

  it('keeps every frame of an animated GIF as WebP, and back', async () => {
    const gif = await makeAnimated(ctx.dir, 'anim.gif', 5);
    const webp = await convertOk('image', gif, 'webp');
    expect((await sharp(webp).metadata()).pages).toBe(5);
    const webpFile = path.join(ctx.dir, 'anim.webp');
    await writeFile(webpFile, webp);
    const backToGif = await convertOk('image', webpFile, 'gif');
    expect((await sharp(backToGif).metadata()).pages).toBe(5);
  });

  it('applies EXIF orientation', async () => {
    const source = await makeImage(ctx.dir, 'wide.png', { width: 64, height: 48 });
    const rotated = path.join(ctx.dir, 'rotated.jpg');
    await sharp(source).jpeg().withMetadata({ orientation: 6 }).toFile(rotated);
    const meta = await sharp(await convertOk('image', rotated, 'png')).metadata();
    expect([meta.width, meta.height]).toEqual([48, 64]);
  });

  it('turns CMYK into sRGB', async () => {
    const source = await makeImage(ctx.dir, 'colour.png');
    const cmyk = path.join(ctx.dir, 'cmyk.jpg');
    await sharp(source).toColourspace('cmyk').jpeg().toFile(cmyk);
    expect((await sharp(cmyk).metadata()).space).toBe('cmyk');
    for (const output of ['png', 'webp', 'tiff', 'bmp']) {
      const frames = await identifyFile(
        await saveFile(ctx.dir, `cmyk-out.${output}`, await convertOk('image', cmyk, output)),
        '',
      );
      expect(frames[0]?.width).toBe(64);
    }
    expect((await sharp(await convertOk('image', cmyk, 'png')).metadata()).space).toBe('srgb');
  });

  it('flattens transparency on white for JPEG and BMP', async () => {
    const clear = path.join(ctx.dir, 'clear.png');
    await sharp({
      create: { width: 32, height: 32, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
    })
      .png()
      .toFile(clear);
    for (const output of ['jpg', 'bmp']) {
      const file = await saveFile(ctx.dir, `clear.${output}`, await convertOk('image', clear, output));
      expect(await darkestValue(file), `${output} is white`).toBeGreaterThan(0.96);
    }
  });

  it('converts a JPEG with a harmless decoder warning, refuses one whose data stops short', async () => {
    const jpeg = await readFile(await makeImage(ctx.dir, 'whole.jpg', { width: 320, height: 240 }));
    // Stray bytes between two header segments, as some cameras write: libjpeg warns, nothing is lost.
    const firstSegmentEnd = 4 + jpeg.readUInt16BE(4);
    const stray = Buffer.concat([
      jpeg.subarray(0, firstSegmentEnd),
      Buffer.from([0, 1, 2, 3]),
      jpeg.subarray(firstSegmentEnd),
    ]);
    const strayFile = await saveFile(ctx.dir, 'stray.jpg', stray);
    const converted = await saveFile(ctx.dir, 'stray.png', await convertOk('image', strayFile, 'png'));
    expect((await identifyFile(converted))[0]).toMatchObject({ format: 'PNG', width: 320, height: 240 });
    // Scan data cut in half, then an end marker: it would decode half grey.
    const cut = Buffer.concat([jpeg.subarray(0, Math.floor(jpeg.length / 2)), Buffer.from([0xff, 0xd9])]);
    const response = await postConversion(
      ctx.server.app,
      'image',
      await saveFile(ctx.dir, 'cut.jpg', cut),
      'png',
    );
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ code: 'CONVERSION_FAILED' });
  });

  it('strips metadata, GPS included', async () => {
    const source = await makeImage(ctx.dir, 'gps-src.png');
    const tagged = path.join(ctx.dir, 'gps.jpg');
    await sharp(source)
      .jpeg()
      .withExif({
        IFD0: { Make: 'PhoneMaker' },
        IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '48/1 51/1 30/1' },
      })
      .toFile(tagged);
    expect((await sharp(tagged).metadata()).exif?.toString('latin1')).toContain('PhoneMaker');
    for (const output of ['png', 'webp', 'tiff']) {
      const meta = await sharp(await convertOk('image', tagged, output)).metadata();
      expect(meta.exif, output).toBeUndefined();
    }
  });
});
