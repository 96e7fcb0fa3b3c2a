// What the head of an MP4 (ISO base media: mp4, m4a, mov) says of its streams, read from its boxes
// without starting an engine. Starting ffprobe costs a tenth of a second of CPU before it reads a
// byte (it loads a few hundred shared libraries); a download sent while it is written asks this
// while yt-dlp, at the lowest priority, still needs the CPU. The answer has the shape of a probe
// and says only what ffprobe would say of the same file: the streams in track order (type, codec,
// picture size), cover art as picture streams of their own, and the length. It leaves out what the
// boxes do not tell reliably: an AAC or MP3 entry says two channels whatever the sound has. Anything this reader
// does not know (an encrypted or fragmented file, a codec or track kind not listed here, a box it
// cannot walk) is left to ffprobe.
import type { ProbedStream, ProbeResult } from './ffprobe';

export type Mp4Head =
  /** The index was read: the file's streams and length. */
  | { kind: 'streams'; probe: ProbeResult }
  /** The index starts in the head but ends further: read this many bytes from the start. */
  | { kind: 'needs'; bytes: number }
  /** The media data comes before the index: nothing can be said until the file is whole. */
  | { kind: 'index-at-end' }
  /** Not an MP4 this reader knows: ask the engine. */
  | { kind: 'other' };

export interface Box {
  type: string;
  /** Where its content starts (after the size and type). */
  body: number;
  end: number;
}

const other = { kind: 'other' } as const;
/** ffprobe's name of the ISO base media demuxer, whatever the brand. */
const isoFormatName = 'mov,mp4,m4a,3gp,3g2,mj2';

/** The box at `at`, or undefined when its header is not whole or its size is impossible. */
export function boxAt(bytes: Buffer, at: number, limit: number): Box | undefined {
  if (at + 8 > bytes.length) return undefined;
  const size32 = bytes.readUInt32BE(at);
  const type = bytes.toString('latin1', at + 4, at + 8);
  if (size32 === 1) {
    if (at + 16 > bytes.length) return undefined;
    const size = Number(bytes.readBigUInt64BE(at + 8));
    return size >= 16 && Number.isSafeInteger(size) ? { type, body: at + 16, end: at + size } : undefined;
  }
  // Size 0: the box runs to the end of its parent.
  const end = size32 === 0 ? limit : at + size32;
  return size32 === 0 || size32 >= 8 ? { type, body: at + 8, end } : undefined;
}

/** The boxes inside a whole parent, or undefined when they do not tile it. */
export function childrenOf(bytes: Buffer, from: number, end: number): Box[] | undefined {
  const children: Box[] = [];
  for (let at = from; at < end;) {
    const box = at + 8 <= end ? boxAt(bytes, at, end) : undefined;
    if (!box || box.end > end) return undefined;
    children.push(box);
    at = box.end;
  }
  return children;
}

export const child = (boxes: Box[] | undefined, type: string) => boxes?.find((box) => box.type === type);

/** Follows a path of box types down from `parent`. */
export function descend(bytes: Buffer, parent: Box | undefined, ...types: string[]): Box | undefined {
  let box = parent;
  for (const type of types) box = box && child(childrenOf(bytes, box.body, box.end), type);
  return box;
}

/** The movie's length in seconds from its header, undefined when it does not say. */
function movieSeconds(bytes: Buffer, mvhd: Box): number | undefined {
  const v1 = bytes.readUInt8(mvhd.body) === 1;
  if (mvhd.body + (v1 ? 32 : 20) > mvhd.end) return undefined;
  const timescale = bytes.readUInt32BE(mvhd.body + (v1 ? 20 : 12));
  const duration = v1 ? Number(bytes.readBigUInt64BE(mvhd.body + 24)) : bytes.readUInt32BE(mvhd.body + 16);
  const unknown = v1 ? duration >= Number.MAX_SAFE_INTEGER : duration === 0xffffffff;
  return timescale > 0 && !unknown ? duration / timescale : undefined;
}

/** The MPEG-4 object type of an `esds` box's decoder configuration (ISO 14496-1 descriptors). */
function objectType(bytes: Buffer, esds: Box): number | undefined {
  let at = esds.body + 4;
  /** A descriptor's tag and where its content starts (its length is 1 to 4 bytes of 7 bits). */
  const descriptor = (tag: number): boolean => {
    if (bytes[at] !== tag) return false;
    at += 1;
    for (let i = 0; i < 4 && at < esds.end; i += 1) if ((bytes[at++] ?? 0) < 0x80) return true;
    return false;
  };
  if (!descriptor(0x03)) return undefined;
  const flags = bytes[at + 2] ?? 0;
  at += 3;
  if (flags & 0x80) at += 2; // depends on another stream
  if (flags & 0x40) at += 1 + (bytes[at] ?? 0); // a URL
  if (flags & 0x20) at += 2; // an OCR stream
  return at < esds.end && descriptor(0x04) ? bytes[at] : undefined;
}

/** Codec names as ffprobe gives them, by sample entry. */
const videoCodecs: Record<string, string> = {
  avc1: 'h264',
  avc3: 'h264',
  hvc1: 'hevc',
  hev1: 'hevc',
  av01: 'av1',
  vp09: 'vp9',
};
const audioCodecs: Record<string, string> = {
  Opus: 'opus',
  fLaC: 'flac',
  alac: 'alac',
  'ac-3': 'ac3',
  'ec-3': 'eac3',
  '.mp3': 'mp3',
};
/** MPEG-4 object types of an `mp4a` entry: MPEG-4 and MPEG-2 AAC, MPEG-1 and -2 layer 3. */
const mp4aCodecs: Record<number, string> = {
  0x40: 'aac',
  0x66: 'aac',
  0x67: 'aac',
  0x68: 'aac',
  0x69: 'mp3',
  0x6b: 'mp3',
};
/** Track kinds ffprobe lists as subtitles or as data streams. */
const textHandlers = new Set(['sbtl', 'subt', 'text']);
const dataHandlers = new Set(['tmcd', 'meta', 'hint']);

/** One track as a probed stream, undefined when this reader does not know it. */
function trackStream(bytes: Buffer, trak: Box, index: number): ProbedStream | undefined {
  const mdia = descend(bytes, trak, 'mdia');
  const hdlr = descend(bytes, mdia, 'hdlr');
  const stsd = descend(bytes, mdia, 'minf', 'stbl', 'stsd');
  if (!hdlr || !stsd || hdlr.body + 12 > hdlr.end || stsd.body + 8 > stsd.end) return undefined;
  const handler = bytes.toString('latin1', hdlr.body + 8, hdlr.body + 12);
  // One sample description: a track that changes codec midway is left to the engine.
  const entries = bytes.readUInt32BE(stsd.body + 4);
  const entry = entries === 1 ? boxAt(bytes, stsd.body + 8, stsd.end) : undefined;
  if (!entry || entry.end > stsd.end) return undefined;
  const stream = { index, attachedPic: false };
  if (handler === 'vide') {
    const codecName = videoCodecs[entry.type];
    if (!codecName || entry.body + 28 > entry.end) return undefined;
    const [width, height] = [bytes.readUInt16BE(entry.body + 24), bytes.readUInt16BE(entry.body + 26)];
    return { ...stream, codecType: 'video', codecName, width, height };
  }
  if (handler === 'soun') {
    // The sound entry: ISO's, or QuickTime's version 1 with 16 more bytes and its boxes in `wave`.
    if (entry.body + 28 > entry.end) return undefined;
    const version = bytes.readUInt16BE(entry.body + 8);
    if (version > 1) return undefined;
    const boxes = childrenOf(bytes, entry.body + 28 + version * 16, entry.end);
    const esds = child(boxes, 'esds') ?? descend(bytes, child(boxes, 'wave'), 'esds');
    const type = esds ? objectType(bytes, esds) : undefined;
    const codecName = entry.type === 'mp4a' ? mp4aCodecs[type ?? -1] : audioCodecs[entry.type];
    return codecName ? { ...stream, codecType: 'audio', codecName } : undefined;
  }
  if (textHandlers.has(handler)) return { ...stream, codecType: 'subtitle', codecName: entry.type };
  if (dataHandlers.has(handler)) return { ...stream, codecType: 'data', codecName: entry.type };
  return undefined;
}

/** Picture types of iTunes-style cover art (its `data` boxes' type indicator). */
const coverCodecs: Record<number, string> = { 13: 'mjpeg', 14: 'png', 27: 'bmp' };

/**
 * The codecs of the cover pictures in the movie's user data (`covr`, each picture a `data` box),
 * which ffprobe lists as picture streams; undefined when a picture is of a type not known here.
 */
function coverArt(bytes: Buffer, udta: Box | undefined): string[] | undefined {
  const at = udta ? bytes.subarray(udta.body, udta.end).indexOf('covr', 0, 'latin1') : -1;
  if (!udta || at < 4) return [];
  const covr = boxAt(bytes, udta.body + at - 4, udta.end);
  if (!covr || covr.end > udta.end) return undefined;
  const codecs = childrenOf(bytes, covr.body, covr.end)
    ?.filter((box) => box.type === 'data' && box.body + 4 <= box.end)
    .map((data) => coverCodecs[bytes.readUInt32BE(data.body) & 0xffffff]);
  return codecs?.every((codec) => codec !== undefined) ? (codecs as string[]) : undefined;
}

/** The streams and length the movie box tells, or `other` when any of it is unknown here. */
function movieStreams(bytes: Buffer, moov: Box): Mp4Head {
  const boxes = childrenOf(bytes, moov.body, moov.end);
  const mvhd = child(boxes, 'mvhd');
  // A fragmented file tells its length and samples outside the index.
  if (!boxes || !mvhd || child(boxes, 'mvex')) return other;
  const streams: ProbedStream[] = [];
  for (const trak of boxes.filter((box) => box.type === 'trak')) {
    const stream = trackStream(bytes, trak, streams.length);
    if (!stream) return other;
    streams.push(stream);
  }
  const covers = coverArt(bytes, child(boxes, 'udta'));
  if (!covers) return other;
  for (const codecName of covers)
    streams.push({ index: streams.length, codecType: 'video', codecName, attachedPic: true });
  const duration = movieSeconds(bytes, mvhd);
  if (duration === undefined || streams.length === 0) return other;
  return { kind: 'streams', probe: { formatName: isoFormatName, duration, streams } };
}

const unbounded = Number.MAX_SAFE_INTEGER;

/**
 * Reads an MP4's index on its own: `moov` is exactly one `moov` box, found by walking the file's
 * top-level boxes when it comes after the media (`index-at-end`).
 */
export function readMp4Index(moov: Buffer): Mp4Head {
  const box = boxAt(moov, 0, moov.length);
  return box?.type === 'moov' && box.end === moov.length ? movieStreams(moov, box) : other;
}

/** Reads the first bytes of a file as an MP4 whose index (`moov`) comes before its media. */
export function readMp4Head(head: Buffer): Mp4Head {
  if (head.length < 8) return { kind: 'needs', bytes: 8 };
  if (head.toString('latin1', 4, 8) !== 'ftyp') return other;
  for (let at = 0; ;) {
    // A box header not yet whole (a 64-bit size takes 16 bytes).
    if (at + 8 > head.length || (head.readUInt32BE(at) === 1 && at + 16 > head.length))
      return { kind: 'needs', bytes: at + 16 };
    const box = boxAt(head, at, unbounded);
    // A box running to the end of the file holds no index after it.
    if (!box || box.end === unbounded) return other;
    if (box.type === 'mdat') return { kind: 'index-at-end' };
    if (box.type === 'moov')
      return box.end <= head.length ? movieStreams(head, box) : { kind: 'needs', bytes: box.end };
    at = box.end;
  }
}
