// The head of an MP4 read without an engine says what the server's ffprobe says of the same file:
// the same streams in the same order (type, codec, picture size, cover art) and the same length,
// hence the same verdict on whether the finishing step keeps the file as it is. Checked on files
// ffmpeg makes here (codecs, cover art, subtitles, QuickTime, fragmented, index at the end, found
// by walking the file's boxes) and on every MP4-family file of the real-world corpus; a head cut
// inside the index asks for its end, a file cut short is left to ffprobe.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config/env';
import { probeDownload } from '../src/download/finalize';
import { keptAsItIs } from '../src/encode/finishing-plan';
import type { ProbeResult } from '../src/engines/ffprobe';
import { probeHead } from '../src/engines/media-head';
import { readMp4Head } from '../src/engines/mp4-head';
import { corpusDir, corpusFiles } from './support/corpus';
import { ffmpeg, lavfi, makeImage, vp9Realtime, withCover } from './support/media-fixtures';

const config = loadConfig({ NODE_ENV: 'test' });
let dir: string;

const probe = (file: string) =>
  probeDownload(config, file, {
    workDir: dir,
    deadline: Date.now() + 30_000,
    signal: new AbortController().signal,
  });

/** What both readers must agree on: ffprobe's picture sizes of cover art are not read from the head. */
const essentials = (result: ProbeResult) =>
  result.streams.map((s) => ({
    codecType:
      s.codecType === 'subtitle' || s.codecType === 'data' ? s.codecType : `${s.codecType}:${s.codecName}`,
    size: s.codecType === 'video' && !s.attachedPic ? `${s.width}x${s.height}` : undefined,
    attachedPic: s.attachedPic,
  }));

/** The index read without an engine (first or after the media) says what ffprobe says. */
async function expectSameAsFfprobe(file: string): Promise<void> {
  const head = await probeHead(file, 'mov');
  if (!head) throw new Error(`${path.basename(file)}: no streams`);
  const probed = await probe(file);
  expect(essentials(head), file).toEqual(essentials(probed));
  expect(head.duration, file).toBeCloseTo(probed.duration ?? 0, 2);
  for (const format of ['mp4', 'm4a', 'mov'] as const)
    expect(keptAsItIs(head, format, 'mp4'), `${file} as ${format}`).toBe(keptAsItIs(probed, format, 'mp4'));
}

const clip = ['-t', '1', ...lavfi('testsrc=size=160x120:rate=15'), ...lavfi('sine=duration=1')];
const h264 = ['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p'];
const front = ['-movflags', '+faststart'];
const made = (name: string) => path.join(dir, name);

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'grabbit-mp4-head-'));
  await ffmpeg([...clip, ...h264, '-c:a', 'aac', '-shortest', ...front, made('h264-aac.mp4')]);
  const base = made('h264-aac.mp4');
  const cover = await makeImage(dir, 'cover.png');
  await Promise.all([
    ffmpeg(['-i', base, '-c', 'copy', made('index-at-end.mp4')]),
    ffmpeg(['-i', base, '-c', 'copy', '-movflags', 'frag_keyframe+empty_moov', made('fragmented.mp4')]),
    ffmpeg(['-i', base, '-vn', '-c', 'copy', ...front, made('sound.m4a')]),
    ffmpeg(['-i', base, '-c:v', 'copy', '-c:a', 'libmp3lame', ...front, made('h264-mp3.mp4')]),
    ffmpeg(['-i', base, '-c', 'copy', ...front, made('quicktime.mov')]),
    ffmpeg([
      ...clip,
      '-c:v',
      'libx265',
      '-preset',
      'ultrafast',
      '-tag:v',
      'hvc1',
      '-c:a',
      'aac',
      '-shortest',
      ...front,
      made('hevc.mp4'),
    ]),
    ffmpeg([...clip, ...vp9Realtime, '-c:a', 'libopus', '-shortest', ...front, made('vp9-opus.mp4')]),
    ffmpeg([...withCover(base, cover), '-disposition:v:1', 'attached_pic', ...front, made('cover.mp4')]),
    ffmpeg([
      '-i',
      base,
      ...lavfi('testsrc=size=64x48:duration=1'),
      '-map',
      '0',
      '-map',
      '1:v',
      ...h264,
      '-c:a',
      'copy',
      '-t',
      '1',
      ...front,
      made('two-pictures.mp4'),
    ]),
    ffmpeg([
      ...lavfi('testsrc=size=160x120:rate=15:duration=1'),
      '-c:v',
      'libvpx',
      '-deadline',
      'realtime',
      made('vp8.webm'),
    ]),
  ]);
}, 60_000);

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('the head of an MP4, read without an engine', () => {
  it.each([
    'h264-aac.mp4',
    'sound.m4a',
    'h264-mp3.mp4',
    'quicktime.mov',
    'hevc.mp4',
    'vp9-opus.mp4',
    'cover.mp4',
    'two-pictures.mp4',
  ])('says what ffprobe says of %s', async (name) => {
    await expectSameAsFfprobe(made(name));
  });

  it('tells an index after the media, and leaves a fragmented file and other containers to the engine', async () => {
    expect(readMp4Head(await readFile(made('index-at-end.mp4')))).toEqual({ kind: 'index-at-end' });
    expect(readMp4Head(await readFile(made('fragmented.mp4'))).kind).toBe('other');
    expect(readMp4Head(await readFile(made('vp8.webm'))).kind).toBe('other');
  });

  it('finds an index after the media by walking the top-level boxes, and says what ffprobe says', async () => {
    await expectSameAsFfprobe(made('index-at-end.mp4'));
  });

  it('leaves a file cut inside its media or its index at the end to the engine', async () => {
    const whole = await readFile(made('index-at-end.mp4'));
    const moovAt = whole.lastIndexOf('moov') - 4;
    for (const [name, end] of [
      ['cut-in-media.mp4', Math.floor(moovAt / 2)],
      ['cut-in-index.mp4', moovAt + 40],
    ] as const) {
      await writeFile(made(name), whole.subarray(0, end));
      expect(await probeHead(made(name), 'mov'), name).toBeUndefined();
    }
  });

  it('asks for the end of an index that the head cuts, and reads it once that much is there', async () => {
    const whole = await readFile(made('h264-aac.mp4'));
    expect(readMp4Head(whole.subarray(0, 4))).toEqual({ kind: 'needs', bytes: 8 });
    const moovAt = whole.indexOf('moov') - 4;
    const moovEnd = moovAt + whole.readUInt32BE(moovAt);
    expect(readMp4Head(whole.subarray(0, moovAt + 100))).toEqual({ kind: 'needs', bytes: moovEnd });
    expect(readMp4Head(whole.subarray(0, moovEnd)).kind).toBe('streams');
  });

  it('agrees with ffprobe on every MP4-family file of the corpus it can read', async () => {
    const iso = corpusFiles('video')
      .concat(corpusFiles('audio'))
      .filter((f) => /\.(mp4|m4a|m4v|mov|3gp)$/i.test(f));
    let read = 0;
    for (const relative of iso) {
      const file = path.join(corpusDir, relative);
      const head = readMp4Head(await readFile(file));
      if (head.kind === 'needs') throw new Error(`${relative}: a whole file needs more`);
      if (head.kind === 'other' || (head.kind === 'index-at-end' && !(await probeHead(file, 'mov'))))
        continue;
      await expectSameAsFfprobe(file);
      read += 1;
    }
    // The corpus has files with their index at the front (none to read without the corpus).
    if (iso.length > 0) expect(read).toBeGreaterThan(0);
  });
});
