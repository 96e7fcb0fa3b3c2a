// Reading a file while it is written: every byte in order, the end exactly at the final size, a
// failure or a file shorter than its final size as an error, and the same bytes after a rename.
import { appendFile, mkdtemp, rename, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { GrowingFile } from './growing-file';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'grabbit-growing-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const piece = (n: number) => Buffer.alloc(300_000 + n, n);

async function readAll(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

describe('GrowingFile', () => {
  it('reads pieces as they are written, through a rename, and ends at the final size', async () => {
    const file = path.join(dir, 'media.mp4');
    await writeFile(file, piece(1));
    const growing = await GrowingFile.open(file);
    const read = readAll(growing.stream());
    for (let n = 2; n <= 5; n += 1) {
      await new Promise((resolve) => setTimeout(resolve, 5));
      await appendFile(file, piece(n));
      growing.grew();
    }
    // Moved (as into the result store): the reader keeps the file it opened.
    await rename(file, path.join(dir, 'result.mp4'));
    const whole = Buffer.concat([1, 2, 3, 4, 5].map(piece));
    growing.finish(whole.length);
    expect((await read).equals(whole)).toBe(true);
  });

  it('fails when told the file will not be whole', async () => {
    const file = path.join(dir, 'media.mp4');
    await writeFile(file, piece(1));
    const growing = await GrowingFile.open(file);
    const read = readAll(growing.stream());
    setTimeout(() => growing.fail(new Error('changed')), 20);
    await expect(read).rejects.toThrow('changed');
  });

  it('fails when the file is shorter than its final size', async () => {
    const file = path.join(dir, 'media.mp4');
    await writeFile(file, piece(1));
    const growing = await GrowingFile.open(file);
    growing.finish(piece(1).length + 10);
    await expect(readAll(growing.stream())).rejects.toThrow(/shorter/);
  });
});
