// When a direct download is offered while it is written, and how its answer ends: offered for one
// plain file of the asked container whose probe says it is kept as it is; the last byte sent only
// once yt-dlp's finished file is that same file; cut short when the job fails or the finished file
// is another one. An MP4's head is read from its boxes, with no engine; any other file's head goes to
// the given probe (this is the rule, not ffprobe). The files are real ones.
import { appendFile, mkdtemp, rename, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ProbeResult } from '../engines/ffprobe';
import type { DownloadProgress } from '../ytdlp';
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
  // Tags off: the file is sent as it arrives (tags written into its head: download-direct-live's test).
  tags: false,
};
const plainMp4 = { type: 'chosen', title: 'Clip', ext: 'mp4', protocol: 'https', format_id: '18' } as const;
/** The visitor switched tags off (the input says so): the file is sent as it is written. */
const noTags = () => undefined;
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
  return new LiveSend({
    live,
    input: data,
    dir,
    maxDurationSeconds: 3600,
    probe: async () => probe,
    tagsOf: noTags,
  });
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

/** An ISO box: its size, its type and its content. */
const box = (type: string, ...content: Buffer[]) => {
  const body = Buffer.concat(content);
  const head = Buffer.alloc(8);
  head.writeUInt32BE(8 + body.length);
  head.write(type, 4, 'latin1');
  return Buffer.concat([head, body]);
};
/** Big-endian 32-bit fields, as ISO boxes hold their numbers. */
const u32 = (...values: number[]) => {
  const bytes = Buffer.alloc(4 * values.length);
  values.forEach((value, i) => bytes.writeUInt32BE(value, 4 * i));
  return bytes;
};
const track = (handler: string, entry: Buffer) =>
  box(
    'trak',
    box(
      'mdia',
      box('hdlr', u32(0, 0), Buffer.from(handler), Buffer.alloc(12)),
      box('minf', box('stbl', box('stsd', u32(0, 1), entry))),
    ),
  );
/** An MP4's head as ffmpeg writes one with +faststart: H.264 640x360 and AAC, 20 s, then its media. */
function mp4Head(options: { padding?: number; indexAtEnd?: boolean } = {}): Buffer {
  const picture = box('avc1', Buffer.alloc(24), Buffer.from([0x02, 0x80, 0x01, 0x68]), Buffer.alloc(50));
  const decoderConfig = Buffer.from([0x03, 0x19, 0, 1, 0, 0x04, 0x11, 0x40, ...Array<number>(16).fill(0)]);
  const sound = box('mp4a', Buffer.alloc(28), box('esds', u32(0), decoderConfig));
  const moov = box(
    'moov',
    box('mvhd', u32(0, 0, 0, 1000, 20_000), Buffer.alloc(80)),
    track('vide', picture),
    track('soun', sound),
  );
  const ftyp = box('ftyp', Buffer.from('isom'), u32(512), Buffer.from('isomiso2avc1mp41'));
  const free = box('free', Buffer.alloc(options.padding ?? 0));
  const mdat = Buffer.concat([u32(3 * mib), Buffer.from('mdat')]);
  return Buffer.concat(options.indexAtEnd ? [ftyp, free, mdat] : [ftyp, free, moov, mdat]);
}

/** Writes the first 3 MiB of the download, beginning with `head`. */
async function writeStart(head: Buffer): Promise<void> {
  await writeFile(media, Buffer.concat([head, Buffer.alloc(3 * mib - head.length, 1)]));
}

const noEngine = async (): Promise<ProbeResult> => {
  throw new Error('the engine was started');
};

describe('a direct download offered while it is written', () => {
  it('reads an MP4 head from its boxes, without the engine, even when its index starts past the first look', async () => {
    for (const padding of [0, 400 * 1024]) {
      await writeStart(mp4Head({ padding }));
      live = new LiveDownloads();
      live.expect(input.taskId);
      const send = new LiveSend({
        live,
        input,
        dir,
        maxDurationSeconds: 3600,
        probe: noEngine,
        tagsOf: noTags,
      });
      send.chose(plainMp4);
      let offer: LiveDownload | undefined;
      void live.offered(input.taskId).then((offered) => (offer = offered));
      // yt-dlp reports its progress every few moments: a first look, then as the file grows.
      send.progress(progressAt(300 * 1024));
      for (let i = 0; !offer && i < 500; i += 1) {
        await new Promise((resolve) => setTimeout(resolve, 10));
        send.progress(progressAt(3 * mib));
      }
      expect(offer).toMatchObject({ size });
      await send.end(undefined);
      await offer?.file.close();
    }
  });

  it('does not offer an MP4 whose index comes after its media, nor one longer than the limit', async () => {
    for (const [head, maxDurationSeconds] of [
      [mp4Head({ indexAtEnd: true }), 3600],
      [mp4Head(), 10],
    ] as const) {
      await writeStart(head);
      const send = new LiveSend({ live, input, dir, maxDurationSeconds, probe: noEngine, tagsOf: noTags });
      send.chose(plainMp4);
      send.progress(progressAt(3 * mib));
      await send.end(undefined);
    }
    expect(live.wanted(input.taskId)).toBe(true);
  });

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

  it('judges the bit rate of the sound as the finishing step does: a lower one asked is not sent as it is', async () => {
    const sound: ProbeResult = {
      formatName: 'mov,mp4,m4a,3gp,3g2,mj2',
      duration: 20,
      streams: [{ index: 0, codecType: 'audio', codecName: 'aac', bitRate: 256_000, attachedPic: false }],
    };
    await rename(media, path.join(dir, 'media.m4a'));
    const plainM4a = { ...plainMp4, ext: 'm4a' };
    const offeredFor = async (quality: DownloadJobData['quality']) => {
      live = new LiveDownloads();
      live.expect(input.taskId);
      const offer = live.offered(input.taskId);
      const send = sender(sound, { ...input, format: 'm4a', quality });
      send.chose(plainM4a);
      send.progress(progressAt(3 * mib));
      await send.end(undefined);
      if (live.wanted(input.taskId)) return false;
      await (await offer).file.close();
      return true;
    };
    // The finishing step re-encodes 256 kb/s AAC when 128 kb/s is asked, and keeps it at best.
    expect(await offeredFor('128k')).toBe(false);
    expect(await offeredFor('best')).toBe(true);
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
        tagsOf: noTags,
      });
      send.chose(format);
      send.progress(progressAt(3 * mib));
      await send.end(undefined);
      expect(probed).toBe(false);
    }
    expect(live.wanted(input.taskId)).toBe(true);
  });
});
