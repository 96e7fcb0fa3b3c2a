// When a direct download is offered while it is written, and how its answer ends: offered for one
// plain file of the asked container whose probe says it is kept as it is; the last byte sent only
// once yt-dlp's finished file is that same file; cut short when the job fails or the finished file
// is another one. The probe is given (this is the rule, not ffprobe); the file is a real one.
import { appendFile, mkdtemp, rename, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ProbeResult } from '../media/ffprobe';
import type { DownloadProgress } from '../media/ytdlp';
import type { DownloadJobData } from '../jobs/job-types';
import { LiveDownloads, type LiveDownload } from './live-downloads';
import { LiveSend } from './live-send';

const mib = 1024 * 1024;
const size = 10 * mib;
const h264Aac: ProbeResult = {
  formatName: 'mov,mp4,m4a,3gp,3g2,mj2',
  duration: 20,
  streams: [
    { index: 0, codecType: 'video', codecName: 'h264', width: 640, height: 360, attachedPic: false },
    { index: 1, codecType: 'audio', codecName: 'aac', channels: 2, attachedPic: false },
  ],
};
const input: DownloadJobData = {
  taskId: 'task-1',
  platformId: 'youtube',
  url: 'https://www.youtube.com/watch?v=x',
  isTestHost: false,
  format: 'mp4',
  quality: 'best',
  removeWatermark: false,
};
const plainMp4 = { type: 'chosen', title: 'Clip', ext: 'mp4', protocol: 'https', format_id: '18' } as const;
const progressAt = (downloadedBytes: number): DownloadProgress => ({
  type: 'download',
  downloadedBytes,
  totalBytes: size,
  exactTotalBytes: size,
  percent: null,
  speed: null,
  eta: null,
  finished: false,
});

let dir: string;
let media: string;
let live: LiveDownloads;
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'grabbit-live-send-'));
  media = path.join(dir, 'media.mp4');
  await writeFile(media, Buffer.alloc(3 * mib, 1));
  live = new LiveDownloads();
  live.expect(input.taskId);
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

function sender(probe: ProbeResult = h264Aac, data: DownloadJobData = input): LiveSend {
  return new LiveSend({ live, input: data, dir, maxDurationSeconds: 3600, probe: async () => probe });
}

/** Offers the file (as the job does once 3 MiB are in) and reads the answer to its end or error. */
async function offeredAnswer(
  send: LiveSend,
): Promise<{ offer: LiveDownload; body: Promise<Buffer>; received: () => number }> {
  send.chose(plainMp4);
  send.progress(progressAt(3 * mib));
  const offer = await live.offered(input.taskId);
  const chunks: Buffer[] = [];
  const body = (async () => {
    for await (const chunk of offer.file.stream()) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  })();
  return { offer, body, received: () => chunks.length };
}

describe('a direct download offered while it is written', () => {
  it('is offered with its name, type and announced size, and ends once the finished file is it', async () => {
    const send = sender();
    const { offer, body } = await offeredAnswer(send);
    expect(offer).toMatchObject({ fileName: 'Clip.mp4', contentType: 'video/mp4', size });
    await appendFile(media, Buffer.alloc(size - 3 * mib, 2));
    send.progress(progressAt(size));
    // yt-dlp names its finished file: the same file, whole, with the bytes sent so far its own.
    await send.confirm(media);
    const output = path.join(dir, 'result.mp4');
    await rename(media, output);
    await send.end(output);
    expect((await body).length).toBe(size);
  });

  it('is cut short when the job fails', async () => {
    const send = sender();
    const { body } = await offeredAnswer(send);
    await appendFile(media, Buffer.alloc(size - 3 * mib, 2));
    await send.end(undefined);
    await expect(body).rejects.toThrow(/not the one/);
  });

  it('is cut short when the finished file is another file', async () => {
    const send = sender();
    const { body } = await offeredAnswer(send);
    const other = path.join(dir, 'other.mp4');
    await writeFile(other, Buffer.alloc(size, 3));
    const cut = expect(body).rejects.toThrow(/not the one/);
    await send.confirm(other);
    await send.end(other);
    await cut;
  });

  it('is cut short when yt-dlp rewrote the same file with other bytes of the same size', async () => {
    const send = sender();
    const { body, received } = await offeredAnswer(send);
    // The reader sends what is there, then the site answers the resume with a fresh file.
    while (received() === 0) await new Promise((resolve) => setTimeout(resolve, 10));
    await writeFile(media, Buffer.alloc(size, 7));
    send.progress(progressAt(size));
    const cut = expect(body).rejects.toThrow(/not the one/);
    await send.confirm(media);
    await send.end(media);
    await cut;
  });

  it('is not offered when the finishing step would change the file, or anything else is asked', async () => {
    const vp9: ProbeResult = { ...h264Aac, streams: [{ ...h264Aac.streams[0]!, codecName: 'vp9' }] };
    for (const send of [sender(vp9), sender(h264Aac, { ...input, startTime: 5 })]) {
      send.chose(plainMp4);
      send.progress(progressAt(3 * mib));
      await send.end(undefined);
    }
    // A merge or a DASH piece is not even probed.
    for (const format of [
      { ...plainMp4, format_id: '137+140', protocol: 'https+https' },
      { ...plainMp4, container: 'mp4_dash' },
    ]) {
      let probed = false;
      const send = new LiveSend({
        live,
        input,
        dir,
        maxDurationSeconds: 3600,
        probe: async () => ((probed = true), h264Aac),
      });
      send.chose(format);
      send.progress(progressAt(3 * mib));
      await send.end(undefined);
      expect(probed).toBe(false);
    }
    expect(live.wanted(input.taskId)).toBe(true);
  });
});
