// A file read while another program still writes it, up to the size announced for it: the reader
// sends what is there and waits for word that more was written, but holds the last byte back
// until it is told the file is finished, so a client never holds the whole announced length of a
// file that turned out not to be the one finished: it fails instead. The file is opened once, so
// the reader keeps reading the same file when it is renamed or moved into the result store. Reads
// take turns in two buffers, each used again once the bytes last read into it have left the
// process: a fresh buffer for every read made the garbage collector cost more than the sending.
// What was given out is hashed on the way, so the writer's end can check that the bytes already
// sent are the finished file's own (a site that answers a resume with another file's bytes makes
// the writer start over in the same file): they are read once more through the same open file
// and hashed alike, in large reads that run ahead of the hashing, since the answer's last byte
// waits for that check. The hash is CRC-32, the cheapest one that covers every byte (a SHA-256 of
// every byte twice, on the server's own thread, made a 50 MB answer take a sixth longer): another
// version of the file passes it about once in 2^32, never when it differs in at most 32 bits in a
// row, and a site that forged a match would only get the visitor bytes it could have served as
// one file in the first place, which pass the check too.
// The file's first bytes may be sent rewritten (an MP4's index with tags written into it): the new
// bytes go out in their place, and the file's own first bytes, the ones they were made from, count
// as given for the check. Such an answer is written into a copy as it is given out (the file as
// it is stored is then the very bytes sent, with no second read and copy of the whole file).
import { open, type FileHandle } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { crc32 } from 'node:zlib';
import { SentCopy } from './sent-copy';

/** The most one read takes at once. */
const readBytes = 1024 * 1024;
/** The most one read of the check takes at once. */
const checkBytes = readBytes;
/**
 * The check's buffers, kept for the next check. A buffer's first use costs a page fault per 4 KB
 * (the kernel hands out its memory only then), and on a small VM that made a 50 MB check take
 * 55 ms through two fresh 4 MB buffers against 13-16 ms through buffers already used; the check
 * holds the answer's last byte. At most two pairs are kept (2 MB each), and only once a check ran.
 */
const spareCheckBuffers: Buffer[] = [];
const sparesKept = 4;

/** The file's first bytes as sent instead of as written. */
export interface SentHead {
  /** What is sent in their place. */
  bytes: Buffer;
  /** The file's own first bytes, which `bytes` replace. */
  replaces: Buffer;
}

export class GrowingFile {
  /** Counts the writer's words, so a reader that found nothing new knows whether to wait. */
  private version = 0;
  private wake: (() => void) | undefined;
  private finished = false;
  private failure: Error | undefined;
  /** A running hash of the bytes given out, and how many. */
  private givenHash = 0;
  private givenBytes = 0;
  /** Whether the reader gave out every byte of the answer. */
  private gaveAll = false;
  private copyClosed: (whole: boolean) => void = () => undefined;
  /**
   * Settles once the reader is closed: true when the copy holds every byte of the answer, as
   * given out (false without a copy, or when the reader stopped short).
   */
  readonly copied = new Promise<boolean>((resolve) => (this.copyClosed = resolve));

  private constructor(
    private readonly handle: FileHandle,
    /** The file's inode: the writer's end compares it with the file it finished. */
    readonly inode: number,
    /** The size announced for the file. */
    readonly size: number,
    private readonly head?: SentHead,
    private readonly copy?: SentCopy,
  ) {
    if (head) {
      this.givenHash = crc32(head.replaces);
      this.givenBytes = head.replaces.length;
    }
  }

  /** `copyTo`: a new file that every byte given out is written into, at its place in the answer. */
  static async open(file: string, size: number, head?: SentHead, copyTo?: string): Promise<GrowingFile> {
    const handle = await open(file, 'r');
    try {
      const { ino } = await handle.stat();
      const copy = copyTo === undefined ? undefined : await SentCopy.create(copyTo);
      return new GrowingFile(handle, ino, size, head, copy);
    } catch (error) {
      await handle.close();
      throw error;
    }
  }

  /** How many bytes the reader sends: the file's size, its head as sent. */
  get sentSize(): number {
    return this.size + (this.head ? this.head.bytes.length - this.head.replaces.length : 0);
  }

  /** The bytes sent in place of the file's first ones, if any. */
  get sentHead(): Buffer | undefined {
    return this.head?.bytes;
  }

  /** The writer wrote more. */
  grew(): void {
    this.version += 1;
    this.wake?.();
  }

  /** The file is finished at its announced size: the reader sends the rest and ends. */
  finish(): void {
    this.finished = true;
    this.grew();
  }

  /** The file will not be whole: the reader fails (its visitor sees a cut-off answer, never a wrong file). */
  fail(error: Error): void {
    if (this.finished) return;
    this.failure = error;
    this.grew();
  }

  /**
   * Whether the bytes given out so far are still the file's own: the same file read again from its
   * first byte and hashed as they were. Each read goes on into the other buffer while the last one
   * is hashed, so the check takes about as long as the hashing alone.
   */
  async gaveOwnBytes(): Promise<boolean> {
    const bytes = this.givenBytes;
    const given = this.givenHash;
    const take = () => spareCheckBuffers.pop() ?? Buffer.allocUnsafe(checkBytes);
    const buffers = [take(), take()] as const;
    try {
      return await this.hashesTo(buffers, bytes, given);
    } finally {
      // No read is under way into either: each read is awaited before the next one starts.
      spareCheckBuffers.push(...buffers.slice(0, sparesKept - spareCheckBuffers.length));
    }
  }

  /** The first `bytes` bytes of the file read again through `buffers` in turn: whether their hash is `given`. */
  private async hashesTo(buffers: readonly [Buffer, Buffer], bytes: number, given: number): Promise<boolean> {
    let read = 0;
    const readFrom = (position: number, turn: 0 | 1) =>
      position < bytes
        ? this.readAt(buffers[turn], position, Math.min(checkBytes, bytes - position))
        : Promise.resolve(undefined);
    let position = 0;
    let turn: 0 | 1 = 0;
    let next = readFrom(position, turn);
    while (position < bytes) {
      const chunk = await next;
      if (!chunk) return false; // The file is shorter now than what was sent.
      position += chunk.length;
      turn = turn === 0 ? 1 : 0;
      next = readFrom(position, turn);
      read = crc32(chunk, read);
    }
    return read === given;
  }

  /** Closes the file (nobody took it, or its reader is done), and its copy. */
  async close(): Promise<void> {
    await this.handle.close().catch(() => undefined);
    this.copyClosed(this.copy ? await this.copy.close(this.gaveAll) : false);
  }

  private changedSince(seen: number): Promise<void> {
    if (this.version !== seen) return Promise.resolve();
    return new Promise((resolve) => {
      this.wake = () => {
        this.wake = undefined;
        resolve();
      };
    });
  }

  /** `unsent()`: how many of the bytes given out so far may still be held in this process. */
  private async *chunks(unsent: () => number): AsyncGenerator<Buffer> {
    let position = 0;
    // Where a byte of the file lies in the answer (and its copy): after the head as sent.
    let shift = 0;
    if (this.head) {
      void this.copy?.write(this.head.bytes, 0);
      yield this.head.bytes;
      position = this.head.replaces.length;
      shift = this.head.bytes.length - position;
    }
    // Each buffer with the offset where the bytes last read into it end, and their copy's write.
    const buffers: { bytes: Buffer; endsAt: number; copied: Promise<void> }[] = [];
    let turn = 0;
    for (;;) {
      if (this.failure) throw this.failure;
      const seen = this.version;
      const finished = this.finished;
      const left = (finished ? this.size : this.size - 1) - position;
      if (left <= 0 && finished) return void (this.gaveAll = true);
      turn = (turn + 1) % 2;
      let buffer = buffers[turn];
      if (!buffer || position - unsent() < buffer.endsAt)
        buffers[turn] = buffer = {
          bytes: Buffer.allocUnsafe(readBytes),
          endsAt: 0,
          copied: Promise.resolve(),
        };
      await buffer.copied;
      const bytesRead =
        left > 0 ? await this.readAt(buffer.bytes, position, Math.min(readBytes, left)) : undefined;
      if (bytesRead) {
        this.givenHash = crc32(bytesRead, this.givenHash);
        this.givenBytes += bytesRead.length;
        if (this.copy) buffer.copied = this.copy.write(bytesRead, position + shift);
        position += bytesRead.length;
        buffer.endsAt = position;
        yield bytesRead;
      } else if (finished) {
        throw new Error('The file is shorter than its announced size.');
      } else {
        await this.changedSince(seen);
      }
    }
  }

  private async readAt(buffer: Buffer, position: number, length: number): Promise<Buffer | undefined> {
    const { bytesRead } = await this.handle.read(buffer, 0, length, position);
    return bytesRead > 0 ? buffer.subarray(0, bytesRead) : undefined;
  }

  /**
   * The one reader of the file from its first byte; the file is closed when the reader ends.
   * `held()`: how many bytes its consumer still holds unsent (an HTTP answer's writableLength, an
   * upper bound since it counts the head too); without it every read gets a buffer of its own.
   */
  stream(held: () => number = () => Infinity): Readable {
    const reader: Readable = Readable.from(
      this.chunks(() => reader.readableLength + held()),
      { objectMode: false },
    );
    reader.once('close', () => void this.close());
    return reader;
  }
}
