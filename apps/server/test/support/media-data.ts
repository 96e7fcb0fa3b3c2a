// The media bytes of an MP4 (its `mdat` boxes' contents), hashed: two files with the same hash
// carry the same samples byte for byte, whatever their index and tags say. A file ffmpeg copied
// (stream copy) has its samples laid out again, so it differs; one whose tags were written into
// its index alone does not.
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { boxAt } from '../../src/engines/mp4-head';

/** The SHA-256 of every `mdat` box's contents in file order, with where each top-level box starts. */
export async function mediaDataHash(file: string): Promise<{ hash: string; boxes: string[] }> {
  const handle = await open(file, 'r');
  const ranges: [number, number][] = [];
  const boxes: string[] = [];
  try {
    const { size } = await handle.stat();
    const header = Buffer.alloc(16);
    for (let at = 0; at < size;) {
      const { bytesRead } = await handle.read(header, 0, 16, at);
      const box = boxAt(header.subarray(0, bytesRead), 0, size - at);
      if (!box) throw new Error(`${file}: no box at ${at}`);
      boxes.push(box.type);
      if (box.type === 'mdat') ranges.push([at + box.body, at + box.end]);
      at += box.end;
    }
  } finally {
    await handle.close();
  }
  const hash = createHash('sha256');
  for (const [start, end] of ranges)
    for await (const chunk of createReadStream(file, { start, end: end - 1 })) hash.update(chunk as Buffer);
  return { hash: hash.digest('hex'), boxes };
}
