// A whole file's streams from its index, without an engine, when its container is one the head
// readers know (MP4 family, Matroska and WebM): a few kilobytes read instead of starting ffprobe (a
// tenth of a second of CPU before it reads a byte, more than half of a short clip's probe). The
// index is read from the head when it comes first; an MP4 written in one pass has it after the
// media, found by walking the file's top-level boxes (a 16-byte header read at each).
// Undefined whenever the readers cannot tell: the caller asks ffprobe then.
import { open } from 'node:fs/promises';
import { readAt, readHead } from '../storage/file-reader';
import type { ProbeResult } from './ffprobe';
import { readMkvHead } from './mkv-head';
import { boxAt, readMp4Head, readMp4Index } from './mp4-head';

/** The first read: the index of a clip of several minutes lies within. */
const firstReadBytes = 256 * 1024;
/** An index longer than this (hours of media) is left to ffprobe. */
const maxHeadBytes = 8 * 1024 * 1024;
/** Top-level boxes walked to an index at the end (ftyp, free, mdat, moov and a few more). */
const maxTopBoxes = 16;

const readers: Record<string, (head: Buffer) => ReturnType<typeof readMp4Head>> = {
  mov: readMp4Head,
  matroska: readMkvHead,
};

/** The streams of an MP4 whose index follows its media, or undefined. */
async function mp4IndexAtEnd(file: string): Promise<ProbeResult | undefined> {
  const handle = await open(file, 'r');
  try {
    const { size } = await handle.stat();
    let at = 0;
    for (let walked = 0; at < size && walked < maxTopBoxes; walked += 1) {
      const box = boxAt(await readAt(handle, at, 16), 0, size - at);
      // A box cut short or overrunning the file: a file not whole, or not one this reader knows.
      if (!box || at + box.end > size) return undefined;
      if (box.type === 'moov') {
        if (box.end > maxHeadBytes) return undefined;
        const index = readMp4Index(await readAt(handle, at, box.end));
        return index.kind === 'streams' ? index.probe : undefined;
      }
      at += box.end;
    }
    return undefined;
  } finally {
    await handle.close();
  }
}

/** The streams the index of `file` (read as `demuxer`) tells, or undefined. */
export async function probeHead(file: string, demuxer: string | undefined): Promise<ProbeResult | undefined> {
  const reader = demuxer ? readers[demuxer] : undefined;
  if (!reader) return undefined;
  let wanted = firstReadBytes;
  for (;;) {
    const head = await readHead(file, wanted);
    const answer = reader(head);
    if (answer.kind === 'streams') return answer.probe;
    if (answer.kind === 'index-at-end') return mp4IndexAtEnd(file);
    // More is needed than the file has, or than is worth reading here.
    if (answer.kind !== 'needs' || answer.bytes <= head.length || head.length < wanted) return undefined;
    if (answer.bytes > maxHeadBytes) return undefined;
    wanted = answer.bytes;
  }
}
