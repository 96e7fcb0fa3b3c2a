// The source's tags written into an MP4's index (`moov`) without an engine: the iTunes-style
// item list ffmpeg's mp4 and ipod muxers write (`udta/meta(hdlr mdir)/ilst`, one `data` box of
// UTF-8 per item), which ffprobe reads back under the same names (title, artist, date, comment).
// A copy through ffmpeg reads and writes every byte of the file to change a few hundred; here
// only the index changes, and when it comes before the media, every chunk offset (`stco`,
// `co64`) moves by the index's change in size. mp4box.js reads and writes boxes but has no
// public way to edit the item list or to shift chunk offsets of a file it does not hold whole,
// so these few boxes are written here. Anything not understood (a fragmented file, a 64-bit index
// header, a chunk offset a 32-bit table cannot hold, user data in a form not known here, a tag
// without an item name) answers undefined: the caller copies the file through ffmpeg instead.
import { boxAt, child, childrenOf, descend, type Box } from './mp4-head';

/** The item names ffmpeg's mp4 muxer gives the tags the finishing step writes. */
const itemNames: Record<string, string> = {
  title: '\u00a9nam',
  artist: '\u00a9ART',
  date: '\u00a9day',
  comment: '\u00a9cmt',
};

const u32 = (value: number) => {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32BE(value);
  return bytes;
};

/** A box of this type around these contents. */
function box(type: string, ...contents: Buffer[]): Buffer {
  const body = Buffer.concat(contents);
  return Buffer.concat([u32(body.length + 8), Buffer.from(type, 'latin1'), body]);
}

const slice = (bytes: Buffer, of: Box) => bytes.subarray(of.body - 8, of.end);
/** The `mdir` handler ffmpeg writes: version and flags, pre-defined, type, maker, reserved, no name. */
const metaHandler = box(
  'hdlr',
  u32(0),
  u32(0),
  Buffer.from('mdirappl', 'latin1'),
  u32(0),
  u32(0),
  Buffer.alloc(1),
);

/** The item list with these tags set (other items kept), undefined for a tag without a name here. */
function itemList(bytes: Buffer, ilst: Box | undefined, tags: Readonly<Record<string, string>>) {
  const names = Object.keys(tags).map((key) => itemNames[key]);
  if (names.some((name) => name === undefined)) return undefined;
  const kept = ilst ? childrenOf(bytes, ilst.body, ilst.end) : [];
  if (!kept) return undefined;
  const items = Object.entries(tags).map(([key, value]) =>
    // A `data` box: well-known type 1 (UTF-8), default locale.
    box(itemNames[key] ?? '', box('data', u32(1), u32(0), Buffer.from(value, 'utf8'))),
  );
  const others = kept.filter((item) => !names.includes(item.type)).map((item) => slice(bytes, item));
  return box('ilst', ...others, ...items);
}

/** The user data box with the tags, built on the one the movie has (its other boxes kept). */
function userData(bytes: Buffer, udta: Box | undefined, tags: Readonly<Record<string, string>>) {
  const children = udta ? childrenOf(bytes, udta.body, udta.end) : [];
  const meta = child(children, 'meta');
  if (!children || children.filter((c) => c.type === 'meta').length > 1) return undefined;
  // `meta` is a full box: its version and flags come before its children.
  const metaChildren = meta ? childrenOf(bytes, meta.body + 4, meta.end) : [];
  const hdlr = child(metaChildren, 'hdlr');
  const isItemList =
    hdlr && hdlr.body + 12 <= hdlr.end && bytes.toString('latin1', hdlr.body + 8, hdlr.body + 12) === 'mdir';
  if (!metaChildren || (meta && !isItemList)) return undefined;
  const ilst = itemList(bytes, child(metaChildren, 'ilst'), tags);
  if (!ilst) return undefined;
  const metaRest = metaChildren
    .filter((c) => c.type !== 'hdlr' && c.type !== 'ilst')
    .map((c) => slice(bytes, c));
  const newMeta = box('meta', u32(0), hdlr ? slice(bytes, hdlr) : metaHandler, ilst, ...metaRest);
  const rest = children.filter((c) => c.type !== 'meta').map((c) => slice(bytes, c));
  return box('udta', ...rest, newMeta);
}

/** Every chunk offset table of the movie's tracks. */
function chunkOffsetTables(bytes: Buffer, moovChildren: Box[]): Box[] | undefined {
  const tables: Box[] = [];
  for (const trak of moovChildren.filter((b) => b.type === 'trak')) {
    const stbl = descend(bytes, trak, 'mdia', 'minf', 'stbl');
    const boxes = stbl && childrenOf(bytes, stbl.body, stbl.end);
    const found = boxes?.filter((b) => b.type === 'stco' || b.type === 'co64') ?? [];
    if (found.length !== 1) return undefined;
    tables.push(...found);
  }
  return tables;
}

/**
 * Adds `delta` to every chunk offset at or after `from` (the media after the index), in `moov`
 * (a copy); false when an offset points before it or a 32-bit one would overflow.
 */
function shiftChunks(moov: Buffer, tables: Box[], base: number, from: number, delta: number): boolean {
  for (const table of tables) {
    const at = table.body - base;
    const wide = table.type === 'co64';
    const count = moov.readUInt32BE(at + 4);
    if (at + 8 + count * (wide ? 8 : 4) > table.end - base) return false;
    for (let i = 0, entry = at + 8; i < count; i += 1, entry += wide ? 8 : 4) {
      const offset = wide ? Number(moov.readBigUInt64BE(entry)) : moov.readUInt32BE(entry);
      if (offset < from || !Number.isSafeInteger(offset + delta)) return false;
      if (wide) moov.writeBigUInt64BE(BigInt(offset + delta), entry);
      else if (offset + delta > 0xffffffff) return false;
      else moov.writeUInt32BE(offset + delta, entry);
    }
  }
  return true;
}

/**
 * The movie box `moov` of `bytes` with the tags in its user data. `mediaFollows`: the media comes
 * after it, so its chunk offsets move by the change in size.
 */
export function retaggedMovie(
  bytes: Buffer,
  moov: Box,
  tags: Readonly<Record<string, string>>,
  mediaFollows: boolean,
): Buffer | undefined {
  // A 64-bit header (an index over 4 GB) or an index running to the file's end is not rewritten.
  if (moov.body - 8 < 0 || bytes.readUInt32BE(moov.body - 8) !== moov.end - moov.body + 8) return undefined;
  const children = childrenOf(bytes, moov.body, moov.end);
  if (!children || child(children, 'mvex') || children.filter((c) => c.type === 'udta').length > 1)
    return undefined;
  const tables = chunkOffsetTables(bytes, children);
  const udta = child(children, 'udta');
  const newUdta = userData(bytes, udta, tags);
  if (!tables || !newUdta) return undefined;
  const kept = children.filter((c) => c.type !== 'udta');
  // The user data where it was, or last; the movie's own boxes copied, so their offsets can move.
  const parts: Buffer[] = kept.map((c) => Buffer.from(slice(bytes, c)));
  const index = udta ? children.indexOf(udta) : parts.length;
  parts.splice(index, 0, newUdta);
  const movie = box('moov', ...parts);
  if (!mediaFollows) return movie;
  const delta = movie.length - (moov.end - moov.body + 8);
  // Each table's place in the new box: where it was, moved on by the new user data before it.
  const moved = tables.map((table) => {
    const shift = udta && table.body > udta.end ? newUdta.length - (udta.end - udta.body + 8) : 0;
    return { ...table, body: table.body + shift, end: table.end + shift };
  });
  return shiftChunks(movie, moved, moov.body - 8, moov.end, delta) ? movie : undefined;
}

/** The head of a file whose index comes before its media, rewritten up to the index's end. */
export interface RetaggedHead {
  /** The new bytes, in place of the file's first `replaces`. */
  bytes: Buffer;
  replaces: number;
}

/**
 * `head` (the file's first bytes, its whole index among them) with the tags in its index, or
 * undefined when the index is not before the media in it or cannot be rewritten here.
 */
export function retaggedHead(head: Buffer, tags: Readonly<Record<string, string>>): RetaggedHead | undefined {
  if (head.length < 8 || head.toString('latin1', 4, 8) !== 'ftyp') return undefined;
  for (let at = 0; ;) {
    const found = boxAt(head, at, Number.MAX_SAFE_INTEGER);
    if (!found || found.end > head.length || found.type === 'mdat' || found.type === 'moof') return undefined;
    if (found.type === 'moov') {
      const movie = retaggedMovie(head, found, tags, true);
      return (
        movie && { bytes: Buffer.concat([head.subarray(0, found.body - 8), movie]), replaces: found.end }
      );
    }
    at = found.end;
  }
}
