// Any field order: API clients often send InputFile before OutputFormat. The file is then spooled
// to disk under the same limit and the fields are read after it; the page's order still streams.
import { describe, expect, it } from 'vitest';
import { makeAudio, makeImage, makeVideo } from './support/media-fixtures';
import { identifyFile, probeFile } from './support/media-probes';
import { expectNoUploadsSoon, postConversion, saveFile, useConvertApp } from './support/convert-app';

const ctx = useConvertApp('field-order');

describe('converter field order', () => {
  it('converts an image sent before its fields', async () => {
    const png = await makeImage(ctx.dir, 'first.png');
    const response = await postConversion(ctx.server.app, 'image', png, 'jpg', { order: 'file-first' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/jpeg');
    const frames = await identifyFile(await saveFile(ctx.dir, 'first.jpg', response.rawPayload));
    expect(frames[0]).toMatchObject({ format: 'JPEG', width: 64, height: 48 });
    await expectNoUploadsSoon(ctx.server.dataDir);
  });

  it('converts audio sent before its fields', async () => {
    const wav = await makeAudio(ctx.dir, 'first.wav');
    const response = await postConversion(ctx.server.app, 'audio', wav, 'mp3', { order: 'file-first' });
    expect(response.statusCode).toBe(200);
    const probe = await probeFile(await saveFile(ctx.dir, 'first.mp3', response.rawPayload));
    expect(probe.streams.map((s) => s.codec_name)).toEqual(['mp3']);
  });

  it('converts video sent before its fields', async () => {
    const clip = await makeVideo(ctx.dir, 'first.mp4');
    const response = await postConversion(ctx.server.app, 'video', clip, 'webm', { order: 'file-first' });
    expect(response.statusCode).toBe(200);
    const probe = await probeFile(await saveFile(ctx.dir, 'first.webm', response.rawPayload));
    expect(probe.streams.map((s) => s.codec_name).sort()).toEqual(['opus', 'vp9']);
  });

  it('still refuses a bad output named after the file, and leaves nothing behind', async () => {
    const png = await makeImage(ctx.dir, 'late.png');
    const response = await postConversion(ctx.server.app, 'image', png, 'xyz', { order: 'file-first' });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('UNSUPPORTED_CONVERSION');
    await expectNoUploadsSoon(ctx.server.dataDir);
  });
});
