// The source's tags written into an MP4's index without an engine (engines/mp4-tags.ts): ffprobe
// reads them back under ffmpeg's names, the file decodes without an error, and its media bytes are
// the source's own. Checked on files ffmpeg makes here: the index before the media (faststart)
// and after it, a sound-only M4A, a file with tags of its own, and a fragmented file (refused).
import { copyFile, mkdtemp, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { retagMp4File } from '../src/engines/mp4-retag-file';
import { probeWithTags } from './support/download-app';
import { mediaDataHash } from './support/media-data';
import { decodeFile } from './support/media-probes';
import { ffmpeg, lavfi } from './support/media-fixtures';

let dir: string;
const made = (name: string) => path.join(dir, name);
const tags = {
  title: 'Tagged – Ünïcode song',
  artist: 'Fixture Artist',
  date: '2026-01-02',
  comment: 'https://example.com/v?id=1',
};

const clip = ['-t', '1', ...lavfi('testsrc=size=160x120:rate=15'), ...lavfi('sine=duration=1')];
const h264 = ['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest'];

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'grabbit-mp4-tags-'));
  await ffmpeg([...clip, ...h264, '-movflags', '+faststart', made('front.mp4')]);
  await Promise.all([
    ffmpeg(['-i', made('front.mp4'), '-c', 'copy', made('end.mp4')]),
    ffmpeg(['-i', made('front.mp4'), '-vn', '-c', 'copy', '-movflags', '+faststart', made('sound.m4a')]),
    ffmpeg([
      '-i',
      made('front.mp4'),
      '-c',
      'copy',
      '-metadata',
      'title=Old',
      '-metadata',
      'album=Kept',
      '-movflags',
      '+faststart',
      made('tagged.mp4'),
    ]),
    ffmpeg([
      '-i',
      made('front.mp4'),
      '-c',
      'copy',
      '-movflags',
      'frag_keyframe+empty_moov',
      made('fragmented.mp4'),
    ]),
  ]);
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** Retags a copy of `name` (the rewriter moves or removes its input). */
async function retag(name: string): Promise<{ done: boolean; output: string; input: string }> {
  const input = made(`in-${name}`);
  const output = made(`out-${name}`);
  await copyFile(made(name), input);
  return { done: await retagMp4File(input, output, tags), output, input };
}

describe('MP4 tags written into the index', () => {
  it.each(['front.mp4', 'end.mp4', 'sound.m4a'])(
    '%s: ffprobe reads the tags, the media bytes are the same',
    async (name) => {
      const { done, output } = await retag(name);
      expect(done).toBe(true);
      const probed = probeWithTags(output);
      expect(probed.format.tags).toMatchObject(tags);
      const source = probeWithTags(made(name));
      expect(probed.streams.map((s) => s.codec_name)).toEqual(source.streams.map((s) => s.codec_name));
      expect(Number(probed.format.duration)).toBeCloseTo(Number(source.format.duration), 2);
      const decoded = await decodeFile(output);
      expect(decoded.errors).toBe('');
      expect(decoded.seconds).toBeGreaterThan(0.9);
      const [before, after] = await Promise.all([mediaDataHash(made(name)), mediaDataHash(output)]);
      expect(after).toEqual(before);
    },
  );

  it('tags the file had are replaced, its other tags kept', async () => {
    const { done, output } = await retag('tagged.mp4');
    expect(done).toBe(true);
    expect(probeWithTags(output).format.tags).toMatchObject({ ...tags, album: 'Kept' });
    expect((await decodeFile(output)).errors).toBe('');
  });

  it('a fragmented file is left to the engine: nothing written, the input where it was', async () => {
    const { done, output, input } = await retag('fragmented.mp4');
    expect(done).toBe(false);
    await expect(stat(output)).rejects.toThrow();
    expect((await stat(input)).size).toBe((await stat(made('fragmented.mp4'))).size);
  });
});
