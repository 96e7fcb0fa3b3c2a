// Every output format through the real API, yt-dlp and ffmpeg, checked with ffprobe: the right
// container and codecs, a name from the media title, and no job folder left behind.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import type { DownloadTask } from '@grabbit/contracts';
import { describe, expect, it } from 'vitest';
import { jobFolders, probeFile, waitForTask, useSiteAndApp } from './support/download-app';

const fx = useSiteAndApp({ DOWNLOAD_CONCURRENCY: '2' });

async function download(
  platform: string,
  url: string,
  format: string,
): Promise<{ task: DownloadTask; file: string }> {
  const start = await fx.test.app.inject({
    method: 'POST',
    url: `/api/download/${platform}`,
    payload: { url, format },
  });
  expect(start.statusCode, start.body).toBe(200);
  const { taskId } = start.json<{ taskId: string }>();
  const task = await waitForTask(fx.test.app, taskId);
  expect(task.status, task.error).toBe('completed');
  const fileResponse = await fx.test.app.inject({ method: 'GET', url: task.downloadUrl ?? '' });
  expect(fileResponse.statusCode).toBe(200);
  // In the test file's working folder, removed with it.
  const file = path.resolve(`grabbit-format-${taskId}.${format}`);
  writeFileSync(file, fileResponse.rawPayload);
  return { task, file };
}

const cases: { format: string; source: string; container: RegExp; codecs: string[] }[] = [
  { format: 'mp4', source: '/a.mp4', container: /mp4/, codecs: ['h264', 'aac'] },
  { format: 'mp4', source: '/b.webm', container: /mp4/, codecs: ['h264', 'aac'] },
  { format: 'webm', source: '/b.webm', container: /webm/, codecs: ['vp9', 'opus'] },
  { format: 'webm', source: '/a.mp4', container: /webm/, codecs: ['vp9', 'opus'] },
  { format: 'mkv', source: '/hls/index.m3u8', container: /matroska/, codecs: ['h264', 'aac'] },
  { format: 'mov', source: '/a.mp4', container: /mov/, codecs: ['h264', 'aac'] },
  { format: 'm4a', source: '/a.mp4', container: /mp4/, codecs: ['aac'] },
  { format: 'mp3', source: '/b.webm', container: /^mp3$/, codecs: ['mp3'] },
  { format: 'flac', source: '/a.mp4', container: /^flac$/, codecs: ['flac'] },
  { format: 'wav', source: '/a.mp4', container: /^wav$/, codecs: ['pcm_s16le'] },
  { format: 'ogg', source: '/b.webm', container: /^ogg$/, codecs: ['opus'] },
  { format: 'ogg', source: '/a.mp4', container: /^ogg$/, codecs: ['vorbis'] },
  { format: 'jpg', source: '/photo.jpg', container: /image2|jpeg_pipe/, codecs: ['mjpeg'] },
  { format: 'png', source: '/photo.jpg', container: /png_pipe|image2/, codecs: ['png'] },
  { format: 'webp', source: '/photo.jpg', container: /webp/, codecs: ['webp'] },
  { format: 'gif', source: '/a.mp4', container: /gif/, codecs: ['gif'] },
];

describe('output formats', () => {
  for (const c of cases) {
    it(`${c.source} as ${c.format}`, async () => {
      const { task, file } = await download('instagram', fx.site.url(c.source), c.format);
      const probe = await probeFile(file);
      expect(probe.format).toMatch(c.container);
      expect(probe.codecs).toEqual(c.codecs);
      expect(task.fileName?.endsWith(`.${c.format}`)).toBe(true);
      expect(task.progress).toBe(100);
      expect(jobFolders(fx.test.dataDir)).toEqual([]);
    });
  }

  it('follows the same container rules as the converter: MPEG-4 Part 2 kept in MP4, 5.1 folded to stereo for MP3', async () => {
    const mp4 = await probeFile((await download('instagram', fx.site.url('/surround.mkv'), 'mp4')).file);
    expect(mp4).toMatchObject({
      format: expect.stringMatching(/mp4/),
      codecs: ['mpeg4', 'aac'],
      channels: 6,
    });
    const mp3 = await probeFile((await download('instagram', fx.site.url('/surround.mkv'), 'mp3')).file);
    expect(mp3).toMatchObject({ format: 'mp3', codecs: ['mp3'], channels: 2 });
  });

  it('an HTML page with one video is named after its title, non-ASCII kept', async () => {
    const { task } = await download('vimeo', fx.site.url('/one.html'), 'mp4');
    expect(task.fileName).toBe('One video – Ünïcode title (1).mp4');
    expect(task.thumbnailUrl).toBe(fx.site.url('/photo.jpg'));
    const response = await fx.test.app.inject({
      method: 'GET',
      url: task.downloadUrl ?? '',
      headers: { range: 'bytes=0-99' },
    });
    expect(response.statusCode).toBe(206);
    expect(response.rawPayload.length).toBe(100);
    expect(response.headers['content-disposition']).toContain(
      "filename*=UTF-8''One%20video%20%E2%80%93%20%C3%9Cn%C3%AFcode%20title%20%281%29.mp4",
    );
  });

  it('a photo cannot become a video: a clear error', async () => {
    const start = await fx.test.app.inject({
      method: 'POST',
      url: '/api/download/reddit',
      payload: { url: fx.site.url('/a.mp4'), format: 'png' },
    });
    const task = await waitForTask(fx.test.app, start.json<{ taskId: string }>().taskId);
    expect(task.status).toBe('error');
    expect(task.error).toMatch(/video format, an audio format or GIF/);
  });
});
