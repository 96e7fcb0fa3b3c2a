// Reading a stored file of known size, whole or by range, in large reads. Node's file stream takes
// a buffer of its full read size for every read, however little is left: with 1 MiB reads and no
// end, a 2 KB result cost two 1 MiB buffers, and under many small answers that memory outside the
// heap drove most of the server's garbage collection. Bounded by the bytes left, each read takes
// only what it will fill, and the read after the last byte is never made.
import { createReadStream } from 'node:fs';
import { open, type FileHandle } from 'node:fs/promises';
import { Readable } from 'node:stream';

/** 1 MiB reads instead of 64 KiB: a sixteenth of the chunks to push through the socket. */
const readChunkBytes = 1024 * 1024;

/** A reader of `file` (`size` bytes) for StoredResult.createReadStream; a range is inclusive. */
export function fileReader(file: string, size: number): (range?: { start: number; end: number }) => Readable {
  return (range) => {
    const { start, end } = range ?? { start: 0, end: size - 1 };
    const length = end - start + 1;
    // Nothing to read (an empty file): Node refuses an end before the start.
    if (length <= 0) return Readable.from([]);
    return createReadStream(file, { start, end, highWaterMark: Math.min(readChunkBytes, length) });
  };
}

/** `bytes` bytes of an open file from `at` (fewer past its end). */
export async function readAt(handle: FileHandle, at: number, bytes: number): Promise<Buffer> {
  const { buffer, bytesRead } = await handle.read(Buffer.alloc(bytes), 0, bytes, at);
  return buffer.subarray(0, bytesRead);
}

/** The first bytes of `file`, up to `bytes` (fewer when it is shorter). */
export async function readHead(file: string, bytes: number): Promise<Buffer> {
  const handle = await open(file, 'r');
  try {
    return await readAt(handle, 0, bytes);
  } finally {
    await handle.close();
  }
}
