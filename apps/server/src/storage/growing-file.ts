// A file read while another program still writes it: the reader sends what is there, waits for word
// that more was written, and ends exactly at the size it is told the file finally has (or fails
// when told the file will not be whole). The file is opened once, so the reader keeps reading the
// same file when it is renamed or moved into the result store meanwhile.
import { open, type FileHandle } from 'node:fs/promises';
import { Readable } from 'node:stream';

/** The most one read takes at once. */
const readBytes = 1024 * 1024;

export class GrowingFile {
  /** Counts the writer's words, so a reader that found nothing new knows whether to wait. */
  private version = 0;
  private wake: (() => void) | undefined;
  private finalSize: number | undefined;
  private failure: Error | undefined;

  private constructor(
    private readonly handle: FileHandle,
    /** The file's inode: the writer's end compares it with the file it finished. */
    readonly inode: number,
  ) {}

  static async open(file: string): Promise<GrowingFile> {
    const handle = await open(file, 'r');
    try {
      const { ino } = await handle.stat();
      return new GrowingFile(handle, ino);
    } catch (error) {
      await handle.close();
      throw error;
    }
  }

  /** The writer wrote more. */
  grew(): void {
    this.version += 1;
    this.wake?.();
  }

  /** The writer is done and the file has `size` bytes: the reader ends there. */
  finish(size: number): void {
    this.finalSize = size;
    this.grew();
  }

  /** The file will not be whole: the reader fails (its visitor sees a cut-off answer, never a wrong file). */
  fail(error: Error): void {
    this.failure = error;
    this.grew();
  }

  /** Closes the file without reading it (nobody took it). */
  async close(): Promise<void> {
    await this.handle.close().catch(() => undefined);
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

  private async *chunks(): AsyncGenerator<Buffer> {
    let position = 0;
    for (;;) {
      if (this.failure) throw this.failure;
      const left = this.finalSize === undefined ? readBytes : this.finalSize - position;
      if (left <= 0) return;
      const seen = this.version;
      const buffer = Buffer.allocUnsafe(Math.min(readBytes, left));
      const { bytesRead } = await this.handle.read(buffer, 0, buffer.length, position);
      if (bytesRead > 0) {
        position += bytesRead;
        yield buffer.subarray(0, bytesRead);
      } else if (this.finalSize !== undefined && seen === this.version) {
        throw new Error('The file is shorter than its final size.');
      } else {
        await this.changedSince(seen);
      }
    }
  }

  /** The one reader of the file from its first byte; the file is closed when the reader ends. */
  stream(): Readable {
    const reader = Readable.from(this.chunks(), { objectMode: false });
    reader.once('close', () => void this.close());
    return reader;
  }
}
