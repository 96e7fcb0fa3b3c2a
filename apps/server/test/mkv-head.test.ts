// The head of a Matroska or WebM file read without an engine says what the server's ffprobe says
// of the same file: the same streams in the same order (type, codec, picture size) and the same
// length, hence the same converter plan. Checked on files ffmpeg makes here (codecs, subtitles,
// WebM) and on every Matroska file of the real-world corpus; what ffprobe would list beyond the
// tracks (attachments) and a file with no length are left to the engine, and a head cut inside
// the tracks asks for more.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config/env';
import { chooseStreams } from '../src/encode/av-plan';
import { ffprobe, type ProbeResult } from '../src/engines/ffprobe';
import { probeHead } from '../src/engines/media-head';
import { readMkvHead } from '../src/engines/mkv-head';
import { corpusDir, corpusFiles } from './support/corpus';
import { ffmpeg, lavfi, makeImage, vp9Realtime } from './support/media-fixtures';

const config = loadConfig({ NODE_ENV: 'test' });
let dir: string;

const probe = (file: string) =>
  ffprobe(config, file, 'matroska', {
    workDir: dir,
    deadline: Date.now() + 60_000,
    signal: new AbortController().signal,
  });

/** What both readers must agree on (the head tells no sound channels or rate). */
const essentials = (result: ProbeResult) =>
  result.streams.map((s) => ({
    codec: `${s.codecType}:${s.codecName}`,
    size: s.codecType === 'video' ? `${s.width}x${s.height}` : undefined,
    attachedPic: s.attachedPic,
  }));

async function expectSameAsFfprobe(file: string): Promise<void> {
  const head = readMkvHead(await readFile(file));
  if (head.kind !== 'streams') throw new Error(`${path.basename(file)}: ${head.kind}`);
  const probed = await probe(file);
  expect(essentials(head.probe), file).toEqual(essentials(probed));
  expect(head.probe.duration, file).toBeCloseTo(probed.duration ?? 0, 2);
  for (const target of ['mp4', 'mkv', 'webm', 'mov'])
    expect(chooseStreams(head.probe, target), `${file} to ${target}`).toEqual(chooseStreams(probed, target));
}

const clip = ['-t', '1', ...lavfi('testsrc=size=160x120:rate=15'), ...lavfi('sine=duration=1')];
const h264 = ['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p'];
const made = (name: string) => path.join(dir, name);

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'grabbit-mkv-head-'));
  await ffmpeg([...clip, ...h264, '-c:a', 'aac', '-shortest', made('h264-aac.mkv')]);
  const base = made('h264-aac.mkv');
  const cover = await makeImage(dir, 'cover.png');
  await Promise.all([
    ffmpeg(['-i', base, '-c:v', 'copy', '-c:a', 'libmp3lame', made('h264-mp3.mkv')]),
    ffmpeg(['-i', base, '-c:v', 'mpeg4', '-c:a', 'copy', made('mpeg4-aac.mkv')]),
    ffmpeg([...clip, ...vp9Realtime, '-c:a', 'libopus', '-shortest', made('vp9-opus.webm')]),
    ffmpeg([
      ...clip,
      '-c:v',
      'libx265',
      '-preset',
      'ultrafast',
      '-c:a',
      'flac',
      '-shortest',
      made('hevc.mkv'),
    ]),
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
      made('two-pictures.mkv'),
    ]),
    ffmpeg([
      '-i',
      base,
      '-attach',
      cover,
      '-metadata:s:t',
      'mimetype=image/png',
      '-c',
      'copy',
      made('cover.mkv'),
    ]),
    ffmpeg(['-i', base, '-c', 'copy', '-f', 'webm', '-live', '1', made('live.webm')]).catch(() =>
      ffmpeg([
        '-i',
        base,
        '-c:v',
        'libvpx',
        '-deadline',
        'realtime',
        '-an',
        '-f',
        'webm',
        '-live',
        '1',
        made('live.webm'),
      ]),
    ),
    ffmpeg(['-i', base, '-c', 'copy', made('as-mp4.mp4')]),
  ]);
}, 60_000);

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('the head of a Matroska or WebM file, read without an engine', () => {
  it.each(['h264-aac.mkv', 'h264-mp3.mkv', 'mpeg4-aac.mkv', 'vp9-opus.webm', 'hevc.mkv', 'two-pictures.mkv'])(
    'says what ffprobe says of %s',
    async (name) => {
      await expectSameAsFfprobe(made(name));
    },
  );

  it('leaves attachments, a live file without a length and other containers to the engine', async () => {
    expect(readMkvHead(await readFile(made('cover.mkv'))).kind).toBe('other');
    expect(readMkvHead(await readFile(made('live.webm'))).kind).toBe('other');
    expect(readMkvHead(await readFile(made('as-mp4.mp4'))).kind).toBe('other');
  });

  it('asks for more when the head ends inside the tracks, and reads a whole file from its head', async () => {
    const whole = await readFile(made('h264-aac.mkv'));
    const tracksAt = whole.indexOf(Buffer.from([0x16, 0x54, 0xae, 0x6b]));
    // Each answer asks for more until the head holds everything before the first cluster.
    let answer = readMkvHead(whole.subarray(0, tracksAt + 10));
    expect(answer.kind).toBe('needs');
    for (let asked = 0; answer.kind === 'needs' && asked < 10; asked += 1)
      answer = readMkvHead(whole.subarray(0, answer.bytes));
    expect(answer.kind).toBe('streams');
    expect(await probeHead(made('h264-aac.mkv'), 'matroska')).toEqual(
      (readMkvHead(whole) as { probe: ProbeResult }).probe,
    );
    expect(await probeHead(made('cover.mkv'), 'matroska')).toBeUndefined();
  });

  it('agrees with ffprobe on every Matroska file of the corpus it can read', async () => {
    const matroska = corpusFiles('video').filter((f) => /\.(mkv|webm|mka)$/i.test(f));
    let read = 0;
    for (const relative of matroska) {
      const file = path.join(corpusDir, relative);
      const head = readMkvHead(await readFile(file));
      if (head.kind === 'needs') throw new Error(`${relative}: a whole file needs more`);
      if (head.kind !== 'streams') continue;
      await expectSameAsFfprobe(file);
      read += 1;
    }
    if (matroska.length > 0) expect(read).toBeGreaterThan(0);
  });
});
