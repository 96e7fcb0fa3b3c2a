// A whole file's streams from its head, without an engine, when its container is one the head
// readers know (MP4 family, Matroska and WebM) and its index comes before its media: a few
// kilobytes read instead of starting ffprobe (a tenth of a second of CPU before it reads a byte).
// Undefined whenever the readers cannot tell: the caller asks ffprobe then.
import { readHead } from '../storage/file-reader';
import type { ProbeResult } from './ffprobe';
import { readMkvHead } from './mkv-head';
import { readMp4Head } from './mp4-head';

/** The first read: the index of a clip of several minutes lies within. */
const firstReadBytes = 256 * 1024;
/** An index longer than this (hours of media) is left to ffprobe. */
const maxHeadBytes = 8 * 1024 * 1024;

const readers: Record<string, (head: Buffer) => ReturnType<typeof readMp4Head>> = {
  mov: readMp4Head,
  matroska: readMkvHead,
};

/** The streams the head of `file` (read as `demuxer`) tells, or undefined. */
export async function probeHead(file: string, demuxer: string | undefined): Promise<ProbeResult | undefined> {
  const reader = demuxer ? readers[demuxer] : undefined;
  if (!reader) return undefined;
  let wanted = firstReadBytes;
  for (;;) {
    const head = await readHead(file, wanted);
    const answer = reader(head);
    if (answer.kind === 'streams') return answer.probe;
    // More is needed than the file has, or than is worth reading here.
    if (answer.kind !== 'needs' || answer.bytes <= head.length || head.length < wanted) return undefined;
    if (answer.bytes > maxHeadBytes) return undefined;
    wanted = answer.bytes;
  }
}
