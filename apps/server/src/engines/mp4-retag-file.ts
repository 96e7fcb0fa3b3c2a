// An MP4 file given the source's tags on its way to the result (mp4-tags.ts writes the boxes).
// An index after the media is rewritten in the moved file itself, only its own bytes written. An
// index before the media grows, so the media after it moves: the new head, then the rest of the
// file in one sequential copy (the same bytes a download sent while it is written gets, read from
// the file yt-dlp wrote: download/live-send.ts).
import { createReadStream, createWriteStream } from 'node:fs';
import { open, rename, rm, type FileHandle } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import { boxAt, type Box } from './mp4-head';
import { retaggedHead, retaggedMovie, type RetaggedHead } from './mp4-tags';

/** An index larger than this (days of media) is left to the engine. */
const maxIndexBytes = 64 * 1024 * 1024;

/** The file's top-level boxes, undefined when they do not tile it. */
async function topLevelBoxes(handle: FileHandle, size: number): Promise<Box[] | undefined> {
  const boxes: Box[] = [];
  const header = Buffer.alloc(16);
  for (let at = 0; at < size;) {
    const { bytesRead } = await handle.read(header, 0, 16, at);
    const found = boxAt(header.subarray(0, bytesRead), 0, size - at);
    if (!found || at + found.end > size) return undefined;
    boxes.push({ type: found.type, body: at + found.body, end: at + found.end });
    at += found.end;
  }
  return boxes;
}

async function readRange(handle: FileHandle, from: number, to: number): Promise<Buffer> {
  const bytes = Buffer.alloc(to - from);
  const { bytesRead } = await handle.read(bytes, 0, bytes.length, from);
  return bytes.subarray(0, bytesRead);
}

/** The index after the media, rewritten in the file moved to `output`; false when not done. */
async function retagIndexAtEnd(
  input: string,
  output: string,
  moov: Box,
  size: number,
  tags: Readonly<Record<string, string>>,
): Promise<boolean> {
  const start = moov.body - 8;
  const handle = await open(input, 'r');
  let tail: Buffer;
  try {
    tail = await readRange(handle, start, size);
  } finally {
    await handle.close();
  }
  const movie = retaggedMovie(tail, { ...moov, body: 8, end: moov.end - start }, tags, false);
  if (!movie) return false;
  // The boxes after the index (free space, say) stay after it.
  const rest = tail.subarray(moov.end - start);
  await rename(input, output);
  const written = await open(output, 'r+');
  try {
    await written.write(Buffer.concat([movie, rest]), 0, movie.length + rest.length, start);
    await written.truncate(start + movie.length + rest.length);
  } finally {
    await written.close();
  }
  return true;
}

/** Where the index lies, and the file's head up to the index's end when it comes before the media. */
async function layoutOf(input: string): Promise<{ moov: Box; size: number; head?: Buffer } | undefined> {
  const handle = await open(input, 'r');
  try {
    const { size } = await handle.stat();
    const boxes = await topLevelBoxes(handle, size);
    const moov = boxes?.find((b) => b.type === 'moov');
    const mdat = boxes?.find((b) => b.type === 'mdat');
    if (!boxes || !moov || !mdat || boxes[0]?.type !== 'ftyp' || boxes.some((b) => b.type === 'moof'))
      return undefined;
    const indexFirst = mdat.body > moov.end;
    // What is read into memory: the head up to the index's end, or the index and what follows.
    const readBytes = indexFirst ? moov.end : size - (moov.body - 8);
    if (readBytes > maxIndexBytes) return undefined;
    return { moov, size, ...(indexFirst ? { head: await readRange(handle, 0, moov.end) } : {}) };
  } finally {
    await handle.close();
  }
}

/**
 * Writes `input` to `output` with the tags in its index; false (nothing written, the input where
 * it was) when the file is not an MP4 whose index can be rewritten here.
 */
export async function retagMp4File(
  input: string,
  output: string,
  tags: Readonly<Record<string, string>>,
): Promise<boolean> {
  const layout = await layoutOf(input);
  if (!layout) return false;
  if (!layout.head) return retagIndexAtEnd(input, output, layout.moov, layout.size, tags);
  const retagged = retaggedHead(layout.head, tags);
  if (!retagged) return false;
  await pipeline(async function* () {
    yield retagged.bytes;
    yield* createReadStream(input, { start: retagged.replaces, highWaterMark: 1024 * 1024 });
  }, createWriteStream(output));
  await rm(input, { force: true });
  return true;
}

/** The head `retagMp4File` writes before the rest of a file whose index comes before its media. */
export async function retaggedHeadOf(
  input: string,
  tags: Readonly<Record<string, string>>,
): Promise<RetaggedHead | undefined> {
  const layout = await layoutOf(input);
  return layout?.head && retaggedHead(layout.head, tags);
}
