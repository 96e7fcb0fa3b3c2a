// The converter API contract: answers, names, refusals and clean-up, on the real app and engines.
import { parse } from 'content-disposition';
import { describe, expect, it } from 'vitest';
import { makeImage, makeVideo } from './support/media-fixtures';
import { identifyFile, probeFile } from './support/media-probes';
import { expectNoUploadsSoon, postConversion, saveFile, useConvertApp } from './support/convert-app';

const ctx = useConvertApp('api');

describe('converter API', () => {
  it('converts a PNG named .jpg (type from content) and names the answer after the original', async () => {
    const png = await makeImage(ctx.dir, 'real.png');
    const response = await postConversion(ctx.server.app, 'image', png, 'webp', { name: 'holiday.jpg' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/webp');
    expect(parse(String(response.headers['content-disposition'])).parameters.filename).toBe('holiday.webp');
    expect(Number(response.headers['content-length'])).toBe(response.rawPayload.length);
    const frames = await identifyFile(await saveFile(ctx.dir, 'out.webp', response.rawPayload));
    expect(frames[0]).toMatchObject({ format: 'WEBP', width: 64, height: 48 });
    await expectNoUploadsSoon(ctx.server.dataDir);
  });

  it('builds Content-Disposition for non-ASCII names', async () => {
    const png = await makeImage(ctx.dir, 'src.png');
    const response = await postConversion(ctx.server.app, 'image', png, 'jpg', {
      name: 'Фото отпуск 東京.png',
    });
    expect(response.statusCode).toBe(200);
    const header = String(response.headers['content-disposition']);
    expect(header).toContain(`filename*=UTF-8''${encodeURIComponent('Фото отпуск 東京.jpg')}`);
  });

  it('refuses a text file named .mp4', async () => {
    const text = await saveFile(
      ctx.dir,
      'notes.mp4',
      Buffer.from('just some words, not a video\n'.repeat(20)),
    );
    const response = await postConversion(ctx.server.app, 'video', text, 'webm');
    expect(response.statusCode).toBe(415);
    expect(response.json()).toMatchObject({ success: false, code: 'UNSUPPORTED_FORMAT' });
    expect(response.json().Error).toBe(response.json().error);
    await expectNoUploadsSoon(ctx.server.dataDir);
  });

  it('refuses an output the input page does not offer', async () => {
    const gif = await makeImage(ctx.dir, 'a.gif');
    const response = await postConversion(ctx.server.app, 'image', gif, 'exr');
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('UNSUPPORTED_CONVERSION');
  });

  it('converts a small clip and answers a playable file', async () => {
    const clip = await makeVideo(ctx.dir, 'clip.mp4');
    const response = await postConversion(ctx.server.app, 'video', clip, 'webm');
    expect(response.statusCode).toBe(200);
    const probe = await probeFile(await saveFile(ctx.dir, 'clip-out.webm', response.rawPayload));
    expect(probe.formatName).toContain('webm');
    expect(probe.streams.map((s) => s.codec_name).sort()).toEqual(['opus', 'vp9']);
  });
});
