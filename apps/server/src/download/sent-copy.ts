// The file an answer's bytes are written into as they are given out (growing-file.ts):
// the stored copy of a file whose head is sent rewritten is then the very bytes sent, written
// while they are sent, instead of a second read and copy of the whole file once they were.
// Writes go to their own offsets, so several may be under way at once; a buffer is used again
// only once the write of what it held is done.
import { open, type FileHandle } from 'node:fs/promises';

export class SentCopy {
  private writes: Promise<void> = Promise.resolve();
  private failed = false;

  private constructor(
    private readonly handle: FileHandle,
    /** The copy's path. */
    readonly path: string,
  ) {}

  /** A new, empty copy at `file` (an existing file is an error: nothing is written over). */
  static async create(file: string): Promise<SentCopy> {
    return new SentCopy(await open(file, 'wx', 0o600), file);
  }

  /** Writes `bytes` at `position`; settles once they are written (or the write failed). */
  write(bytes: Buffer, position: number): Promise<void> {
    const written = this.handle.write(bytes, 0, bytes.length, position).then(
      () => undefined,
      () => void (this.failed = true),
    );
    this.writes = Promise.all([this.writes, written]).then(() => undefined);
    return written;
  }

  /** Closes the copy once its writes are done: true when `whole` and every write succeeded. */
  async close(whole: boolean): Promise<boolean> {
    await this.writes;
    const closed = await this.handle.close().then(
      () => true,
      () => false,
    );
    return whole && closed && !this.failed;
  }
}
