// What the head of a Matroska or WebM file says of its streams, read from its EBML elements
// without starting an engine (as mp4-head.ts does for MP4): the segment's information and track
// list come before its first cluster, so a conversion knows its plan from a few kilobytes. The
// answer has the shape of a probe and says only what ffprobe would say of the same file: the
// tracks in order (type, codec, picture size) and the length. It leaves out the sound's channels
// and rate (ffprobe reads them from the codec's own header, which can differ from the track's).
// Anything this reader does not know (attachments, which ffprobe lists as streams; compressed or
// encrypted tracks; a codec or track kind not listed here; no length; an element it cannot walk)
// is left to ffprobe.
import type { ProbedStream } from './ffprobe';
import type { Mp4Head } from './mp4-head';

/** The same answers as the MP4 reader's ('index-at-end' never: the tracks come first or not at all). */
export type MkvHead = Exclude<Mp4Head, { kind: 'index-at-end' }>;

const ids = {
  ebml: 0x1a45dfa3,
  docType: 0x4282,
  segment: 0x18538067,
  seekHead: 0x114d9b74,
  seek: 0x4dbb,
  seekId: 0x53ab,
  info: 0x1549a966,
  timestampScale: 0x2ad7b1,
  duration: 0x4489,
  tracks: 0x1654ae6b,
  trackEntry: 0xae,
  trackType: 0x83,
  codecId: 0x86,
  contentEncodings: 0x6d80,
  video: 0xe0,
  pixelWidth: 0xb0,
  pixelHeight: 0xba,
  cluster: 0x1f43b675,
  attachments: 0x1941a469,
} as const;

interface Element {
  id: number;
  /** Where its content starts. */
  body: number;
  /** Where it ends; undefined when its size is unknown (a live stream's segment or cluster). */
  end: number | undefined;
}

const other = { kind: 'other' } as const;
/** ffprobe's name of the Matroska demuxer, WebM included. */
const matroskaFormatName = 'matroska,webm';

/** An EBML variable-length integer at `at`: its length in bytes and value (all ones: unknown). */
function vint(bytes: Buffer, at: number, keepMarker: boolean): { length: number; value: number } | undefined {
  const first = bytes[at];
  if (first === undefined || first === 0) return undefined;
  const length = Math.clz32(first) - 23;
  if (at + length > bytes.length) return undefined;
  let value = keepMarker ? first : first & (0xff >> length);
  let allOnes = value === 0xff >> length;
  for (let i = 1; i < length; i += 1) {
    const byte = bytes[at + i] ?? 0;
    value = value * 256 + byte;
    allOnes &&= byte === 0xff;
  }
  return { length, value: !keepMarker && allOnes ? -1 : value };
}

/** The element at `at`, or undefined when its header is not whole in `bytes`. */
function elementAt(bytes: Buffer, at: number): Element | undefined {
  const id = vint(bytes, at, true);
  if (!id || id.length > 4) return undefined;
  const size = vint(bytes, at + id.length, false);
  if (!size) return undefined;
  const body = at + id.length + size.length;
  return { id: id.value, body, end: size.value < 0 ? undefined : body + size.value };
}

/** The children of a whole element, or undefined when they do not tile it. */
function childrenOf(bytes: Buffer, parent: Element): Element[] | undefined {
  const end = parent.end;
  if (end === undefined || end > bytes.length) return undefined;
  const children: Element[] = [];
  for (let at = parent.body; at < end;) {
    const element = elementAt(bytes, at);
    if (!element || element.end === undefined || element.end > end) return undefined;
    children.push(element);
    at = element.end;
  }
  return children;
}

const find = (elements: Element[] | undefined, id: number) => elements?.find((e) => e.id === id);

function uint(bytes: Buffer, element: Element | undefined): number | undefined {
  if (!element?.end || element.end - element.body > 6) return undefined;
  return element.end > element.body ? bytes.readUIntBE(element.body, element.end - element.body) : 0;
}

function float(bytes: Buffer, element: Element | undefined): number | undefined {
  const length = element?.end === undefined ? 0 : element.end - element.body;
  if (!element || (length !== 4 && length !== 8)) return undefined;
  return length === 4 ? bytes.readFloatBE(element.body) : bytes.readDoubleBE(element.body);
}

const text = (bytes: Buffer, element: Element | undefined) =>
  element?.end === undefined
    ? undefined
    : bytes.toString('latin1', element.body, element.end).replace(/\0+$/, '');

/** Codec names as ffprobe gives them, by codec ID (ffmpeg's Matroska tag table). */
const codecs: Record<number, Record<string, string>> = {
  1: {
    'V_MPEG4/ISO/AVC': 'h264',
    'V_MPEGH/ISO/HEVC': 'hevc',
    V_AV1: 'av1',
    V_VP8: 'vp8',
    V_VP9: 'vp9',
    V_MJPEG: 'mjpeg',
    V_THEORA: 'theora',
    'V_MPEG4/ISO/ASP': 'mpeg4',
    V_MPEG2: 'mpeg2video',
  },
  2: {
    A_AAC: 'aac',
    'A_AAC/MPEG4/LC': 'aac',
    'A_AAC/MPEG2/LC': 'aac',
    A_OPUS: 'opus',
    A_VORBIS: 'vorbis',
    A_FLAC: 'flac',
    'A_MPEG/L3': 'mp3',
    'A_MPEG/L2': 'mp2',
    A_AC3: 'ac3',
    A_EAC3: 'eac3',
  },
  17: {
    'S_TEXT/UTF8': 'subrip',
    'S_TEXT/WEBVTT': 'webvtt',
    'D_WEBVTT/SUBTITLES': 'webvtt',
    'S_TEXT/ASS': 'ass',
  },
};
const codecTypes: Record<number, string> = { 1: 'video', 2: 'audio', 17: 'subtitle' };

/** One track as a probed stream, undefined when this reader does not know it. */
function trackStream(bytes: Buffer, entry: Element, index: number): ProbedStream | undefined {
  const fields = childrenOf(bytes, entry);
  const type = uint(bytes, find(fields, ids.trackType)) ?? -1;
  const codecName = codecs[type]?.[text(bytes, find(fields, ids.codecId)) ?? ''];
  const codecType = codecTypes[type];
  if (!fields || !codecName || !codecType || find(fields, ids.contentEncodings)) return undefined;
  const stream = { index, codecType, codecName, attachedPic: false };
  if (codecType !== 'video') return stream;
  const video = find(fields, ids.video);
  const picture = video && childrenOf(bytes, video);
  const width = uint(bytes, find(picture, ids.pixelWidth));
  const height = uint(bytes, find(picture, ids.pixelHeight));
  return width && height ? { ...stream, width, height } : undefined;
}

/** Whether the seek index names attachments, which ffprobe would list as streams of their own. */
function seeksAttachments(bytes: Buffer, seekHead: Element): boolean {
  const seeks = childrenOf(bytes, seekHead);
  if (!seeks) return true;
  return seeks
    .filter((element) => element.id === ids.seek)
    .some((seek) => {
      const target = find(childrenOf(bytes, seek), ids.seekId);
      const length = target?.end === undefined ? 0 : target.end - target.body;
      const id = target && length >= 1 && length <= 4 ? bytes.readUIntBE(target.body, length) : undefined;
      return id === undefined || id === ids.attachments || id === ids.seekHead;
    });
}

/** The streams and length of a segment's information and tracks, or `other`. */
function segmentStreams(bytes: Buffer, info: Element, tracks: Element): MkvHead {
  const fields = childrenOf(bytes, info);
  const scale = uint(bytes, find(fields, ids.timestampScale)) ?? 1_000_000;
  const ticks = float(bytes, find(fields, ids.duration));
  const entries = childrenOf(bytes, tracks)?.filter((e) => e.id === ids.trackEntry) ?? [];
  const streams: ProbedStream[] = [];
  for (const entry of entries) {
    const stream = trackStream(bytes, entry, streams.length);
    if (!stream) return other;
    streams.push(stream);
  }
  const duration = ticks === undefined ? undefined : (ticks * scale) / 1e9;
  if (!fields || !duration || !(duration > 0) || streams.length === 0) return other;
  return { kind: 'streams', probe: { formatName: matroskaFormatName, duration, streams } };
}

/** Reads the first bytes of a Matroska or WebM file up to its first cluster. */
export function readMkvHead(head: Buffer): MkvHead {
  if (head.length < 4) return { kind: 'needs', bytes: 64 };
  const ebml = head.readUInt32BE(0) === ids.ebml ? elementAt(head, 0) : undefined;
  if (!ebml)
    return head.length < 64 && head.readUInt32BE(0) === ids.ebml ? { kind: 'needs', bytes: 64 } : other;
  if (ebml.end === undefined) return other;
  if (ebml.end + 16 > head.length) return { kind: 'needs', bytes: ebml.end + 16 };
  const docType = text(head, find(childrenOf(head, ebml), ids.docType));
  if (docType !== 'matroska' && docType !== 'webm') return other;
  const segment = elementAt(head, ebml.end);
  if (segment?.id !== ids.segment) return other;
  const found: { info?: Element; tracks?: Element } = {};
  for (let at = segment.body; segment.end === undefined || at < segment.end;) {
    const element = elementAt(head, at);
    if (!element) return { kind: 'needs', bytes: at + 16 };
    if (element.id === ids.cluster) break;
    if (element.end === undefined) return other;
    if (element.end > head.length) return { kind: 'needs', bytes: element.end };
    if (element.id === ids.attachments) return other;
    if (element.id === ids.seekHead && seeksAttachments(head, element)) return other;
    if (element.id === ids.info) found.info = element;
    if (element.id === ids.tracks) found.tracks = element;
    at = element.end;
  }
  return found.info && found.tracks ? segmentStreams(head, found.info, found.tracks) : other;
}
