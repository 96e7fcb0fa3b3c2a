// Reading a file while it is written: every byte in order, the last one only once the file is said
// to be finished, a failure or a file shorter than its announced size as an error, the same bytes
// after a rename, whether the bytes given out are still the file's own, and the copy of the bytes
// given out (a rewritten head included) written as they go.
import { appendFile, mkdtemp, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { createServer, get } from 'node:http';
import type { AddressInfo } from 'node:net';
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

/** Waits until `done` holds (the reader runs on its own). */
async function until(done: () => boolean): Promise<void> {
  while (!done()) await new Promise((resolve) => setTimeout(resolve, 5));
}

async function readAll(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

describe('GrowingFile', () => {
  it('reads pieces as they are written, through a rename, and ends at the final size', async () => {
    const file = path.join(dir, 'media.mp4');
    await writeFile(file, piece(1));
    const whole = Buffer.concat([1, 2, 3, 4, 5].map(piece));
    const growing = await GrowingFile.open(file, whole.length);
    const chunks: Buffer[] = [];
    const reader = growing.stream().on('data', (chunk: Buffer) => chunks.push(chunk));
    const ended = new Promise((resolve) => reader.once('end', resolve));
    for (let n = 2; n <= 5; n += 1) {
      await new Promise((resolve) => setTimeout(resolve, 5));
      await appendFile(file, piece(n));
      growing.grew();
    }
    // Moved (as into the result store): the reader keeps the file it opened.
    await rename(file, path.join(dir, 'result.mp4'));
    // Everything is written, but the last byte waits for word that the file is finished.
    await until(() => Buffer.concat(chunks).length === whole.length - 1);
    growing.finish();
    await ended;
    expect(Buffer.concat(chunks).equals(whole)).toBe(true);
  });

  it('reuses its buffers only once their bytes have left, for a slow client of an HTTP answer', async () => {
    const file = path.join(dir, 'media.mp4');
    const whole = Buffer.alloc(24 * 1024 * 1024);
    for (let i = 0; i < whole.length; i += 4) whole.writeUInt32LE(i, i);
    await writeFile(file, whole);
    const growing = await GrowingFile.open(file, whole.length);
    growing.finish();
    const server = createServer((_request, response) => {
      response.writeHead(200, { 'content-length': whole.length });
      growing.stream(() => response.writableLength).pipe(response);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const received = await new Promise<Buffer>((resolve, reject) => {
        get(`http://127.0.0.1:${port}/`, (response) => {
          const chunks: Buffer[] = [];
          // A reader that stops after each piece: the answer's buffers fill and the file waits.
          response.on('data', (chunk: Buffer) => {
            chunks.push(chunk);
            response.pause();
            setImmediate(() => response.resume());
          });
          response.once('end', () => resolve(Buffer.concat(chunks)));
        }).once('error', reject);
      });
      expect(received.length).toBe(whole.length);
      expect(received.equals(whole)).toBe(true);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('writes every byte it gives out into its copy, the head as sent, for a slow client too', async () => {
    const file = path.join(dir, 'media.mp4');
    const whole = Buffer.alloc(6 * 1024 * 1024 + 3);
    for (let i = 0; i + 4 <= whole.length; i += 4) whole.writeUInt32LE(i, i);
    await writeFile(file, whole);
    // The first 10 bytes go out as 16 others.
    const head = { bytes: Buffer.from('rewritten head!!'), replaces: Buffer.from(whole.subarray(0, 10)) };
    const copy = path.join(dir, 'sent.mp4');
    const growing = await GrowingFile.open(file, whole.length, head, copy);
    growing.finish();
    const chunks: Buffer[] = [];
    const reader = growing.stream(() => 0);
    // A reader that stops after each piece: buffers are used again while their copies are written.
    reader.on('data', (chunk: Buffer) => {
      chunks.push(Buffer.from(chunk));
      reader.pause();
      setImmediate(() => reader.resume());
    });
    expect(await growing.copied).toBe(true);
    const sent = Buffer.concat(chunks);
    expect(sent.equals(Buffer.concat([head.bytes, whole.subarray(10)]))).toBe(true);
    expect((await readFile(copy)).equals(sent)).toBe(true);
  });

  it('says its copy is not whole when the reader stops short, or when nobody took the file', async () => {
    const file = path.join(dir, 'media.mp4');
    const whole = Buffer.alloc(3 * 1024 * 1024, 7);
    await writeFile(file, whole);
    const stopped = await GrowingFile.open(file, whole.length, undefined, path.join(dir, 'a.mp4'));
    stopped.finish();
    const reader = stopped.stream();
    reader.once('data', () => reader.destroy());
    expect(await stopped.copied).toBe(false);
    const untaken = await GrowingFile.open(file, whole.length, undefined, path.join(dir, 'b.mp4'));
    untaken.finish();
    await untaken.close();
    expect(await untaken.copied).toBe(false);
  });

  it("says whether the bytes it gave out are still the file's own, after the file was rewritten", async () => {
    const file = path.join(dir, 'media.mp4');
    // Larger than one read of the check, and not a whole number of them.
    const whole = Buffer.alloc(9 * 1024 * 1024 + 7);
    for (let i = 0; i + 4 <= whole.length; i += 4) whole.writeUInt32LE(i, i);
    await writeFile(file, whole);
    const growing = await GrowingFile.open(file, whole.length + 1);
    const chunks: Buffer[] = [];
    const reader = growing.stream().on('data', (chunk: Buffer) => chunks.push(chunk));
    await until(() => Buffer.concat(chunks).length === whole.length);
    expect(await growing.gaveOwnBytes()).toBe(true);
    // Checks at once each read through buffers of their own (kept from earlier checks or new).
    expect(await Promise.all([growing.gaveOwnBytes(), growing.gaveOwnBytes()])).toEqual([true, true]);
    // The writer starts over in the same file: as long, one byte in the middle different.
    const rewritten = Buffer.from(whole);
    const middle = 5 * 1024 * 1024;
    rewritten.writeUInt8(rewritten.readUInt8(middle) ^ 1, middle);
    await writeFile(file, rewritten);
    expect(await growing.gaveOwnBytes()).toBe(false);
    await writeFile(file, whole.subarray(0, 1024));
    expect(await growing.gaveOwnBytes()).toBe(false);
    reader.destroy();
  });

  it('fails when told the file will not be whole', async () => {
    const file = path.join(dir, 'media.mp4');
    await writeFile(file, piece(1));
    const growing = await GrowingFile.open(file, piece(1).length);
    const read = readAll(growing.stream());
    setTimeout(() => growing.fail(new Error('changed')), 20);
    await expect(read).rejects.toThrow('changed');
  });

  it('fails when the file is shorter than its final size', async () => {
    const file = path.join(dir, 'media.mp4');
    await writeFile(file, piece(1));
    const growing = await GrowingFile.open(file, piece(1).length + 10);
    growing.finish();
    await expect(readAll(growing.stream())).rejects.toThrow(/shorter/);
  });
});
