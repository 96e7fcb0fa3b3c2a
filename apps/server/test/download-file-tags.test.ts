// Tags, cover art and chapters of downloaded files through the real API, yt-dlp and ffmpeg: the
// fixture page's schema.org data (title, uploader, date, picture, chapters) read back by ffprobe
// from the container's own tags (ID3, MP4 atoms, Matroska tags).
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { mediaDataHash } from './support/media-data';
import { makeVideo } from './support/media-fixtures';
import { decodeFile } from './support/media-probes';
import { taggedChapters } from './support/fixture-site';
import {
  downloadSaved,
  jobFolders,
  probeWithTags,
  useSiteAndApp,
  withUnzipped,
  type ProbedWithTags,
} from './support/download-app';

const fx = useSiteAndApp({ DOWNLOAD_CONCURRENCY: '2' });

beforeAll(async () => {
  // Six seconds with a keyframe each second: three chapters of 2 s cut where they start.
  await makeVideo(fx.site.dir, 'six.mp4', {
    seconds: 6,
    codecs: ['-c:v', 'libx264', '-preset', 'ultrafast', '-g', '15', '-pix_fmt', 'yuv420p', '-c:a', 'aac'],
  });
});

const download = (payload: object) => downloadSaved(fx.test.app, 'vimeo', payload, 120_000);
const probe = probeWithTags;

/** Tag names as ffprobe reports them, lowercased (Matroska's are upper case). */
const tagsOf = (probed: ProbedWithTags) =>
  Object.fromEntries(Object.entries(probed.format.tags ?? {}).map(([k, v]) => [k.toLowerCase(), v]));

const expectedTags = (link: string) => ({
  title: 'Tagged – Ünïcode song',
  artist: 'Fixture Artist',
  date: '2026-01-02',
  comment: link,
});

describe('tags and cover art', () => {
  it('an MP3 carries ID3 tags and a square cover ffprobe reads', async () => {
    const link = fx.site.url('/tagged.html?src=a.mp4');
    const { task, file } = await download({ url: link, format: 'mp3' });
    expect(task.fileName).toBe('Tagged – Ünïcode song.mp3');
    const probed = probe(file);
    expect(tagsOf(probed)).toMatchObject(expectedTags(link));
    const cover = probed.streams.find((s) => s.disposition?.attached_pic === 1);
    // The 160x120 picture, its centre square.
    expect(cover).toMatchObject({ codec_name: 'mjpeg', width: 120, height: 120 });
    expect(probed.streams.filter((s) => s.codec_type === 'audio').map((s) => s.codec_name)).toEqual(['mp3']);
    expect(jobFolders(fx.test.dataDir)).toEqual([]);
  });

  it('an M4A carries MP4 tags and a cover', async () => {
    const link = fx.site.url('/tagged.html?src=a.mp4');
    const { file } = await download({ url: link, format: 'm4a' });
    const probed = probe(file);
    expect(tagsOf(probed)).toMatchObject(expectedTags(link));
    expect(probed.streams.find((s) => s.disposition?.attached_pic === 1)).toMatchObject({
      codec_name: 'mjpeg',
    });
  });

  it('an MP4 already right gets its tags in its index, its media bytes untouched (no cover: a video has its own picture)', async () => {
    const link = fx.site.url('/tagged.html?src=a.mp4');
    const { file } = await download({ url: link, format: 'mp4' });
    const probed = probe(file);
    expect(tagsOf(probed)).toMatchObject(expectedTags(link));
    expect(probed.streams.map((s) => s.codec_name)).toEqual(['h264', 'aac']);
    // Written without an engine: ffmpeg's copy would lay the samples out again.
    expect(await mediaDataHash(file)).toEqual(await mediaDataHash(path.join(fx.site.dir, 'a.mp4')));
    expect((await decodeFile(file)).errors).toBe('');
  });

  it('tags switched off: the MP3 has neither the tags nor a cover', async () => {
    const { file } = await download({
      url: fx.site.url('/tagged.html?src=a.mp4'),
      format: 'mp3',
      tags: false,
    });
    const probed = probe(file);
    expect(tagsOf(probed).artist).toBeUndefined();
    expect(probed.streams.some((s) => s.disposition?.attached_pic === 1)).toBe(false);
  });
});

describe('chapters', () => {
  const link = () => fx.site.url('/tagged.html?src=six.mp4&chapters=1');

  for (const format of ['mp4', 'mkv', 'webm', 'm4a']) {
    it(`the site's chapters are kept in ${format.toUpperCase()}`, async () => {
      const probed = probe((await download({ url: link(), format })).file);
      expect(probed.chapters.map((c) => [Number(c.start_time), Number(c.end_time), c.tags?.title])).toEqual(
        taggedChapters.map((title, i) => [i * 2, i * 2 + 2, title]),
      );
    });
  }

  it('one file per chapter: a zip of the chapters named in order, each about 2 s', async () => {
    const { task, body } = await download({ url: link(), format: 'mp4', splitChapters: true });
    expect(task.fileName).toBe('Tagged – Ünïcode song.zip');
    await withUnzipped(body, async (names, dir) => {
      expect(names).toEqual(
        taggedChapters.map((title, i) => `${String(i + 1).padStart(2, '0')} ${title}.mp4`),
      );
      for (const name of names) {
        const probed = probe(path.join(dir, name));
        expect(Number(probed.format.duration)).toBeGreaterThan(1.8);
        expect(Number(probed.format.duration)).toBeLessThan(2.3);
        expect(probed.streams.map((s) => s.codec_name)).toEqual(['h264', 'aac']);
      }
    });
    expect(jobFolders(fx.test.dataDir)).toEqual([]);
  });
});
