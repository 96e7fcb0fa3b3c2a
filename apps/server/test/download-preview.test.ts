// The preview features through the real API, yt-dlp and ffmpeg: what a link offers
// (qualities with sizes, cached; chapters and caption languages), a chosen height, a section
// fetched alone and cut on frames, subtitles embedded or as a file, the video's picture, an audio
// bit rate, and clear 400s.
import { execFileSync } from 'node:child_process';
import type { BatchStatus, DownloadTask, MediaInfoResponse } from '@grabbit/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchThumbnail } from '../src/download/thumbnail-fetch';
import { startFixtureSite, type FixtureSite } from './support/fixture-site';
import { previewChapters } from './support/preview-fixtures';
import { jobFolders, startTestApp, waitForTask, type TestApp } from './support/download-app';

let site: FixtureSite;
let test: TestApp;

beforeAll(async () => {
  site = await startFixtureSite({ preview: true });
  test = await startTestApp({ MEDIA_TEST_HOSTS: site.host }, { prefix: 'grabbit-preview-' });
}, 120_000);
afterAll(async () => {
  await test?.close();
  await site?.close();
});

const pageFetches = (pathname: string) => site.requests.filter((r) => r === `GET ${pathname}`).length;

async function info(pathname: string): Promise<MediaInfoResponse> {
  const response = await test.app.inject({
    method: 'POST',
    url: '/api/download/youtube/info',
    payload: { url: site.url(pathname) },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<MediaInfoResponse>();
}

async function download(payload: Record<string, unknown>): Promise<{ task: DownloadTask; body: Buffer }> {
  const start = await test.app.inject({ method: 'POST', url: '/api/download/youtube', payload });
  expect(start.statusCode, start.body).toBe(200);
  const task = await waitForTask(test.app, start.json<{ taskId: string }>().taskId);
  expect(task.status, task.error).toBe('completed');
  const file = await test.app.inject({ method: 'GET', url: task.downloadUrl ?? '' });
  expect(file.statusCode).toBe(200);
  return { task, body: file.rawPayload };
}

/** ffprobe of a file's bytes (read from stdin). */
function probe(body: Buffer): {
  format: { duration?: string; format_name: string };
  streams: { codec_type: string; codec_name: string; height?: number; bit_rate?: string }[];
} {
  const out = execFileSync(
    'ffprobe',
    ['-v', 'error', '-print_format', 'json', '-show_streams', '-show_format', '-i', 'pipe:0'],
    { input: body, encoding: 'utf8' },
  );
  return JSON.parse(out) as ReturnType<typeof probe>;
}

describe('preview info', () => {
  it('lists the three renditions with sizes, the title, uploader, duration and a served thumbnail', async () => {
    const answer = await info('/preview/clip.html');
    expect(answer.title).toBe('Preview clip');
    expect(answer.uploader).toBe('Fixture Studio');
    expect(answer.duration).toBe(10);
    expect(answer.qualities.map((q) => q.quality)).toEqual(['360p', '720p', '1080p']);
    for (const quality of answer.qualities) {
      for (const format of ['mp4', 'webm', 'mov', 'mkv']) expect(quality.sizes[format]).toBeGreaterThan(0);
    }
    // Larger renditions are estimated larger (bit rate times duration).
    const mp4 = answer.qualities.map((q) => q.sizes.mp4 ?? 0);
    expect(mp4[0]).toBeLessThan(mp4[1] ?? 0);
    expect(mp4[1]).toBeLessThan(mp4[2] ?? 0);
    expect(answer.thumbnailUrl).toMatch(/^\/api\/download\/thumbnail\/[\w-]+$/);
    const picture = await test.app.inject({ method: 'GET', url: answer.thumbnailUrl ?? '' });
    expect(picture.statusCode).toBe(200);
    expect(picture.headers['content-type']).toBe('image/jpeg');
    expect(picture.rawPayload.subarray(0, 2).toString('hex')).toBe('ffd8');
  });

  it('answers a second call for the same link from the cache, without running yt-dlp again', async () => {
    const before = pageFetches('/preview/clip.html');
    expect(before).toBeGreaterThan(0);
    const started = performance.now();
    const again = await info('/preview/clip.html');
    expect(performance.now() - started).toBeLessThan(500);
    expect(again.qualities).toHaveLength(3);
    expect(pageFetches('/preview/clip.html')).toBe(before);
  });

  it('lists subtitle languages', async () => {
    const answer = await info('/preview/subs.html');
    expect(answer.subtitles.map((s) => s.language)).toEqual(['en']);
    expect(answer.automaticCaptions).toEqual([]);
    expect(answer.chapters).toEqual([]);
  });

  it("lists the site's chapters and the languages of its captions (an HLS subtitle group)", async () => {
    const answer = await info('/preview/chaptered.html');
    expect(answer.chapters).toEqual(previewChapters);
    expect(answer.subtitles.map((s) => s.language)).toEqual(['en']);
  });

  it('refuses an unknown thumbnail id and a link of another site', async () => {
    const missing = await test.app.inject({ method: 'GET', url: '/api/download/thumbnail/nope' });
    expect(missing.statusCode).toBe(404);
    const other = await test.app.inject({
      method: 'POST',
      url: '/api/download/youtube/info',
      payload: { url: 'https://vimeo.com/123' },
    });
    expect(other.statusCode).toBe(400);
  });
});

describe('thumbnail fetching', () => {
  it('fetches images of test hosts only, and refuses other addresses, schemes and non-images', async () => {
    const image = await fetchThumbnail(site.url('/preview/poster.jpg'), [site.host]);
    expect(image.contentType).toBe('image/jpeg');
    await expect(fetchThumbnail(site.url('/preview/poster.jpg'), [])).rejects.toMatchObject({
      code: 'URL_NOT_ALLOWED',
    });
    await expect(fetchThumbnail('file:///etc/passwd', [site.host])).rejects.toMatchObject({
      code: 'URL_NOT_ALLOWED',
    });
    await expect(fetchThumbnail(site.url('/preview/subs.html'), [site.host])).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    // A redirect to a private address is checked like the first hop.
    const hop = site.url(`/redirect?to=${encodeURIComponent('http://10.0.0.1/x.jpg')}`);
    await expect(fetchThumbnail(hop, [site.host])).rejects.toMatchObject({ code: 'URL_NOT_ALLOWED' });
  });
});

describe('download options', () => {
  it('quality 360p gives a 360-pixel-high file, reusing the preview info (no second extraction)', async () => {
    await info('/preview/clip.html');
    const before = pageFetches('/preview/clip.html');
    const { body } = await download({ url: site.url('/preview/clip.html'), format: 'mp4', quality: '360p' });
    const video = probe(body).streams.find((s) => s.codec_type === 'video');
    expect(video?.height).toBe(360);
    expect(pageFetches('/preview/clip.html')).toBe(before);
  });

  it('startTime 2 and endTime 4 give 2 s, fetching only the segments needed', async () => {
    const from = site.requests.length;
    const { body } = await download({
      url: site.url('/preview/clip.html'),
      format: 'mp4',
      quality: '360p',
      startTime: 2,
      endTime: 4,
    });
    const duration = Number(probe(body).format.duration);
    expect(Math.abs(duration - 2)).toBeLessThanOrEqual(0.1);
    const segments = site.requests
      .slice(from)
      .map((r) => /v360_(\d+)\.ts/.exec(r)?.[1])
      .filter((n): n is string => n !== undefined)
      .map(Number);
    expect(segments.length).toBeGreaterThan(0);
    // 10 segments of 1 s: nothing after the section's end is fetched.
    expect(Math.max(...segments)).toBeLessThanOrEqual(5);
    expect(new Set(segments).size).toBeLessThan(10);
  });

  const embedded: [string, string][] = [
    ['mp4', 'mov_text'],
    ['mkv', 'subrip'],
    ['webm', 'webvtt'],
  ];
  for (const [format, codec] of embedded) {
    it(`embeds the chosen subtitles as a ${codec} stream of the ${format}`, async () => {
      const { body } = await download({ url: site.url('/preview/subs.html'), format, subtitles: 'en' });
      const streams = probe(body).streams;
      expect(streams.find((s) => s.codec_type === 'subtitle')?.codec_name).toBe(codec);
      expect(streams.some((s) => s.codec_type === 'video')).toBe(true);
    });
  }

  it('delivers the subtitles as an .srt file', async () => {
    const { task, body } = await download({
      url: site.url('/preview/subs.html'),
      format: 'srt',
      subtitles: 'en',
    });
    expect(task.fileName).toMatch(/\.srt$/);
    const text = body.toString('utf8');
    expect(text).toContain('Hello there');
    expect(text).toMatch(/00:00:00,000 --> 00:00:01,000/);
  });

  it('format thumbnail gives the poster as JPEG', async () => {
    const { task, body } = await download({ url: site.url('/preview/subs.html'), format: 'thumbnail' });
    expect(task.fileName).toMatch(/\.jpg$/);
    expect(body.subarray(0, 2).toString('hex')).toBe('ffd8');
    const picture = probe(body).streams[0];
    expect(picture?.codec_name).toBe('mjpeg');
    expect(picture?.height).toBe(180);
  });

  it('an audio bit rate re-encodes to that rate', async () => {
    const { body } = await download({ url: site.url('/a.mp4'), format: 'mp3', quality: '96k' });
    const audio = probe(body).streams.find((s) => s.codec_type === 'audio');
    expect(audio?.codec_name).toBe('mp3');
    expect(Number(audio?.bit_rate)).toBe(96_000);
  });

  const bad: [string, Record<string, unknown>, RegExp][] = [
    ['a bit rate with a video format', { format: 'mp4', quality: '192k' }, /^quality: /],
    ['an end before the start', { startTime: 4, endTime: 2 }, /^endTime: /],
    ['a negative start', { startTime: -1 }, /^startTime: /],
    ['a start that is not a number', { startTime: '2s' }, /^startTime: /],
    ['a subtitle code that is not a language', { subtitles: '../x' }, /^subtitles: /],
    ['srt without a language', { format: 'srt' }, /^subtitles: /],
    ['a section of a picture', { format: 'thumbnail', startTime: 1 }, /^startTime: /],
  ];
  for (const [name, extra, message] of bad) {
    it(`refuses ${name} with a clear 400`, async () => {
      const response = await test.app.inject({
        method: 'POST',
        url: '/api/download/youtube',
        payload: { url: site.url('/preview/clip.html'), ...extra },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json<{ code: string; error: string }>()).toMatchObject({ code: 'VALIDATION_FAILED' });
      expect(response.json<{ error: string }>().error).toMatch(message);
    });
  }

  it('a playlist batch cuts the same section from each item', async () => {
    const start = await test.app.inject({
      method: 'POST',
      url: '/api/download/playlist',
      payload: {
        items: [site.url('/preview/clip.html?item=1')],
        outputFormat: 'mp4',
        quality: '360p',
        startTime: 1,
        endTime: 3,
      },
    });
    expect(start.statusCode, start.body).toBe(200);
    const { batchId } = start.json<{ batchId: string }>();
    let status: BatchStatus | undefined;
    for (let i = 0; i < 600 && status?.status !== 'completed' && status?.status !== 'error'; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      status = (
        await test.app.inject({ url: `/api/download/playlist/${batchId}/status` })
      ).json<BatchStatus>();
    }
    expect(status?.status).toBe('completed');
    const task = await waitForTask(test.app, status?.items[0]?.taskId ?? '');
    const file = await test.app.inject({ url: task.downloadUrl ?? '' });
    expect(Math.abs(Number(probe(file.rawPayload).format.duration) - 2)).toBeLessThanOrEqual(0.1);
  });

  it('refuses bad options for playlists and posts before anything starts', async () => {
    const batch = await test.app.inject({
      method: 'POST',
      url: '/api/download/playlist',
      payload: { items: [site.url('/preview/clip.html')], quality: '192k' },
    });
    expect(batch.statusCode).toBe(400);
    const post = await test.app.inject({
      method: 'POST',
      url: '/api/download/instagram/media',
      payload: { url: site.url('/post.html'), getMediaItems: false, startTime: 5, endTime: 1 },
    });
    expect(post.statusCode).toBe(400);
    expect(post.json<{ error: string }>().error).toMatch(/^endTime: /);
  });

  it('leaves no job folder behind', async () => {
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(jobFolders(test.dataDir)).toEqual([]);
  });
});
