// Audio/video rules: the stream-copy fast path, playable results, conversion progress on the bus.
import { execFile } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { makeVideo, probeFile } from './support/media-fixtures';
import { postConversion, useConvertApp } from './support/convert-app';

const run = promisify(execFile);
const ctx = useConvertApp('video');

/** MD5 of a stream's packets: equal before and after only when the stream was copied, not re-encoded. */
async function packetHash(file: string, stream: 'v' | 'a'): Promise<string> {
  const { stdout } = await run('ffmpeg', [
    '-v',
    'error',
    '-i',
    file,
    '-map',
    `0:${stream}:0`,
    '-c',
    'copy',
    '-f',
    'md5',
    '-',
  ]);
  return stdout.trim();
}

describe('audio and video rules', () => {
  it('copies H.264/AAC from MKV into MP4 without re-encoding, moov first, and the result plays', async () => {
    const mkv = await makeVideo(ctx.dir, 'copy.mkv', { seconds: 2 });
    const response = await postConversion(ctx.server.app, 'video', mkv, 'mp4');
    expect(response.statusCode).toBe(200);
    const mp4 = path.join(ctx.dir, 'copy.mp4');
    await writeFile(mp4, response.rawPayload);
    expect(await packetHash(mp4, 'v')).toBe(await packetHash(mkv, 'v'));
    expect(await packetHash(mp4, 'a')).toBe(await packetHash(mkv, 'a'));
    // +faststart: the index comes before the media data, so playback starts before the download ends.
    const bytes = response.rawPayload;
    expect(bytes.indexOf('moov')).toBeLessThan(bytes.indexOf('mdat'));
    const decode = await run('ffmpeg', ['-v', 'error', '-i', mp4, '-f', 'null', '-']);
    expect(decode.stderr).toBe('');
    const probe = await probeFile(mp4);
    expect(probe.duration).toBeGreaterThan(1.8);
    expect(probe.duration).toBeLessThan(2.2);
  });

  it('transcodes when the codecs do not fit (VP8/Opus WebM to MP4 gives H.264/AAC)', async () => {
    const webm = await makeVideo(ctx.dir, 'in.webm');
    const response = await postConversion(ctx.server.app, 'video', webm, 'mp4');
    expect(response.statusCode).toBe(200);
    const out = path.join(ctx.dir, 'webm-to.mp4');
    await writeFile(out, response.rawPayload);
    expect((await probeFile(out)).streams.map((s) => s.codec_name).sort()).toEqual(['aac', 'h264']);
  });

  it('gives 3GP a legal H.263 frame size and WMV the Windows Media codecs', async () => {
    const clip = await makeVideo(ctx.dir, 'odd.mp4', { width: 200, height: 100 });
    const threeGp = path.join(ctx.dir, 'odd.3gp');
    await writeFile(threeGp, (await postConversion(ctx.server.app, 'video', clip, '3gp')).rawPayload);
    const video = (await probeFile(threeGp)).streams.find((s) => s.codec_type === 'video');
    expect(video).toMatchObject({ codec_name: 'h263', width: 352, height: 288 });
    const wmv = path.join(ctx.dir, 'odd.wmv');
    await writeFile(wmv, (await postConversion(ctx.server.app, 'video', clip, 'wmv')).rawPayload);
    expect((await probeFile(wmv)).streams.map((s) => s.codec_name).sort()).toEqual(['wmav2', 'wmv2']);
  });
});
