// Audio/video rules: the stream-copy fast path, playable results, conversion progress on the bus.
import { execFile } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { ffmpeg, makeAudio, makeVideo, withCover } from './support/media-fixtures';
import { audioSeconds, decodeFile, probeFile } from './support/media-probes';
import { postConversion, saveFile, useConvertApp } from './support/convert-app';

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

/** MD5 of the decoded pictures: equal for a copied stream whatever its container's framing. */
async function pictureHash(file: string): Promise<string> {
  const { stdout } = await run('ffmpeg', ['-v', 'error', '-i', file, '-map', '0:v:0', '-f', 'md5', '-']);
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

  it('folds 5.1 audio to stereo for AVI: the head tells no channels, so ffprobe decides the plan', async () => {
    const surround = await makeVideo(ctx.dir, 'surround.mkv', {
      codecs: ['-c:v', 'libx264', '-preset', 'ultrafast', '-c:a', 'aac', '-ac', '6'],
    });
    const response = await postConversion(ctx.server.app, 'video', surround, 'avi');
    expect(response.statusCode).toBe(200);
    const avi = path.join(ctx.dir, 'surround.avi');
    await writeFile(avi, response.rawPayload);
    const streams = (await probeFile(avi)).streams;
    expect(streams.find((s) => s.codec_type === 'audio')).toMatchObject({ codec_name: 'mp3', channels: 2 });
    expect(streams.find((s) => s.codec_type === 'video')).toMatchObject({ codec_name: 'mpeg4' });
  });

  it('reads an AAC behind a cover-art tag larger than the bytes kept from the upload', async () => {
    // The ID3 tag of an MP3 with a noisy (incompressible) cover, put in front of raw AAC, as taggers do.
    const cover = path.join(ctx.dir, 'noise-cover.png');
    await ffmpeg([
      '-f',
      'lavfi',
      '-i',
      'nullsrc=s=256x256,geq=random(1)*255:128:128',
      '-frames:v',
      '1',
      cover,
    ]);
    const mp3 = await makeAudio(ctx.dir, 'plain.mp3');
    const tagged = path.join(ctx.dir, 'tagged.mp3');
    await ffmpeg([...withCover(mp3, cover), '-id3v2_version', '3', tagged]);
    const tag = await readFile(tagged);
    // ID3v2 size: four 7-bit bytes after a 10-byte header; it must outgrow the 64 KB head.
    const tagBytes = 10 + tag.subarray(6, 10).reduce((size, byte) => size * 128 + byte, 0);
    expect(tagBytes).toBeGreaterThan(64 * 1024);
    const aac = path.join(ctx.dir, 'tagged.aac');
    await writeFile(
      aac,
      Buffer.concat([tag.subarray(0, tagBytes), await readFile(await makeAudio(ctx.dir, 'raw.aac'))]),
    );
    // MP3 is refused for an MP3 input (same format) and accepted for AAC: it shows what was detected.
    const response = await postConversion(ctx.server.app, 'audio', aac, 'mp3');
    expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
    const out = path.join(ctx.dir, 'tagged-aac.mp3');
    await writeFile(out, response.rawPayload);
    expect((await probeFile(out)).streams).toEqual([expect.objectContaining({ codec_name: 'mp3' })]);
  });

  it('takes a camcorder transport stream (H.264 + AC-3 .mts): video copied, sound made AAC', async () => {
    const mts = await makeVideo(ctx.dir, 'camcorder.mts', {
      codecs: ['-c:v', 'libx264', '-preset', 'ultrafast', '-c:a', 'ac3', '-f', 'mpegts'],
    });
    const response = await postConversion(ctx.server.app, 'video', mts, 'mp4');
    expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
    const mp4 = path.join(ctx.dir, 'camcorder.mp4');
    await writeFile(mp4, response.rawPayload);
    // The packets change framing (Annex B to MP4's length prefixes), the pictures do not.
    expect(await pictureHash(mp4)).toBe(await pictureHash(mts));
    expect((await probeFile(mp4)).streams.map((s) => s.codec_name).sort()).toEqual(['aac', 'h264']);
  });

  it('encodes AMR without comfort-noise frames, so FFmpeg plays it whole, quiet stretch included', async () => {
    // 1 s tone, 1 s of silence, 1 s tone: an encoder with DTX on turns the silence into SID frames.
    const gapped = path.join(ctx.dir, 'gapped.wav');
    const tone = 'sine=frequency=440:sample_rate=8000:duration=1';
    await ffmpeg([
      ...[
        '-f',
        'lavfi',
        '-i',
        tone,
        '-f',
        'lavfi',
        '-i',
        'anullsrc=r=8000:cl=mono:d=1',
        '-f',
        'lavfi',
        '-i',
        tone,
      ],
      ...['-filter_complex', '[0][1][2]concat=n=3:v=0:a=1', gapped],
    ]);
    const response = await postConversion(ctx.server.app, 'audio', gapped, 'amr');
    expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
    const amr = path.join(ctx.dir, 'gapped.amr');
    await writeFile(amr, response.rawPayload);
    expect((await decodeFile(amr)).errors).toBe('');
    expect(await audioSeconds(amr)).toBeCloseTo(3, 1);
  });

  it('decodes an AMR with a DTX pause whole, where FFmpeg alone cuts the pause out', async () => {
    // 2 s of 12.2 kbit/s frames (32 bytes each after the 6-byte magic); after the first second, a
    // 0.5 s pause as DTX encoders write it: a comfort-noise (SID) frame, then no-data frames.
    const speech = await readFile(await makeAudio(ctx.dir, 'speech.amr', 2));
    const frames = speech.subarray(6);
    expect(frames.length % 32).toBe(0);
    const sid = Buffer.from([0x44, 0, 0, 0, 0, 0]);
    const noData = Buffer.from([0x7c]);
    const pause = [sid, ...Array<Buffer>(11).fill(noData), sid, ...Array<Buffer>(12).fill(noData)];
    const paused = await saveFile(
      ctx.dir,
      'paused.amr',
      Buffer.concat([speech.subarray(0, 6), frames.subarray(0, 50 * 32), ...pause, frames.subarray(50 * 32)]),
    );
    expect(await audioSeconds(paused)).toBeLessThan(2.1);
    const response = await postConversion(ctx.server.app, 'audio', paused, 'wav');
    expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
    const wav = await saveFile(ctx.dir, 'paused.wav', response.rawPayload);
    expect(await audioSeconds(wav)).toBeCloseTo(2.5, 1);
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
