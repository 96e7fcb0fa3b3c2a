// A direct MP4 with tags on, sent while it is written (download/live-send.ts): the answer's head
// is the file's own with the tags written into its index, and the answer ends once the finished
// file is that very answer (the finishing step writes the same head before the same bytes); a
// finished file that does not begin with the head sent cuts the answer short. The answer is written
// into a copy as it is sent: the file the finishing step stores, the same bytes as the retag's own
// copy. A real MP4 ffmpeg makes here, padded past the size a live send starts at.
import { appendFile, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LiveDownloads, type LiveDownload } from '../src/download/live-downloads';
import { LiveSend } from '../src/download/live-send';
import { retagMp4File } from '../src/engines/mp4-retag-file';
import type { DownloadJobData } from '../src/jobs/job-types';
import type { DownloadProgress } from '../src/ytdlp';
import { probeWithTags } from './support/download-app';
import { makeVideo } from './support/media-fixtures';

const tags = { title: 'Clip', comment: 'https://example.com/clip' };
const input: DownloadJobData = {
  taskId: 'task-1',
  platformId: 'youtube',
  url: 'https://example.com/clip',
  isTestHost: false,
  format: 'mp4',
  quality: 'best',
  removeWatermark: false,
};
let dir: string;
let media: string;
let size: number;

beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'grabbit-live-tags-'));
  media = await makeVideo(dir, 'media.mp4', { fastStart: true });
  // Free space after the media: a file past the size a live send starts at, still a valid MP4.
  const padding = 9 * 1024 * 1024;
  const free = Buffer.alloc(padding);
  free.writeUInt32BE(padding);
  free.write('free', 4, 'latin1');
  await appendFile(media, free);
  size = (await stat(media)).size;
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** The file offered once yt-dlp has written all of it, and its answer read to its end or error. */
async function offered(): Promise<{ send: LiveSend; offer: LiveDownload; body: Promise<Buffer> }> {
  const live = new LiveDownloads();
  live.expect(input.taskId);
  const send = new LiveSend({
    live,
    input,
    dir,
    maxDurationSeconds: 3600,
    probe: () => Promise.reject(new Error('the engine was started')),
    tagsOf: () => tags,
  });
  send.chose({ type: 'chosen', title: 'Clip', ext: 'mp4', protocol: 'https', format_id: '18' });
  const whole: DownloadProgress = {
    type: 'download',
    downloadedBytes: size,
    totalBytes: size,
    exactTotalBytes: size,
    percent: null,
    speed: null,
    eta: null,
    finished: false,
  };
  send.progress(whole);
  const offer = await live.offered(input.taskId);
  const body = (async () => {
    const chunks: Buffer[] = [];
    for await (const chunk of offer.file.stream()) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  })();
  return { send, offer, body };
}

describe('a tagged MP4 sent while it is written', () => {
  it('is the finished file: the tags in its index, as long as announced with them', async () => {
    const { send, offer, body } = await offered();
    expect(offer.size).toBeGreaterThan(size);
    await send.confirm(media);
    // Whole once yt-dlp names its file: the finishing step's copy is not waited for.
    const sent = await body;
    const copy = await send.sentCopy(5000);
    expect(copy).toBe(path.join(dir, 'sent.mp4'));
    const output = path.join(dir, 'result.mp4');
    expect(await retagMp4File(media, output, tags)).toBe(true);
    await send.end(output);
    expect(sent.length).toBe(offer.size);
    expect(sent.equals(await readFile(output))).toBe(true);
    expect(sent.equals(await readFile(copy ?? ''))).toBe(true);
    expect(probeWithTags(output).format.tags).toMatchObject(tags);
  });

  it('is cut short when the finished file does not begin with the head sent', async () => {
    const { send, offer, body } = await offered();
    const cut = expect(body).rejects.toThrow(/not the one/);
    const output = path.join(dir, 'result.mp4');
    await writeFile(output, Buffer.alloc(offer.size, 1));
    await send.end(output);
    await cut;
    // Its copy stopped short too: the finishing step makes the stored file itself.
    expect(await send.sentCopy(5000)).toBeUndefined();
  });
});
