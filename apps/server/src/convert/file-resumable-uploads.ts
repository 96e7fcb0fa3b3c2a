// Resumable uploads in a local folder (DATA_DIR/resumable): embedded mode, and scaled mode on a
// shared DATA_DIR without a bucket. Each upload is a file named by its id beside `<id>.json` (its
// length, offset, metadata); a conversion takes the file over with a rename on the same disk.
import { createWriteStream, mkdirSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { FileStore } from '@tus/file-store';
import { ERRORS } from '@tus/utils';
import { isExpired, type ResumableUploads, type UploadSource } from './resumable-uploads';
import { uploadBuffer } from './upload-target';

export function resumableRoot(dataDir: string): string {
  return path.resolve(dataDir, 'resumable');
}

/**
 * The library's store, with two changes. Chunks are written in 1 MiB batches (uploadBuffer, as
 * multipart uploads are) instead of 16 KiB ones with a counting stage in between. And without its
 * own attempt to make the folder: made in the background, that throws outside any caller when the
 * folder is gone by then (a data folder removed at shutdown); the folder is made once, below.
 */
class LocalFileStore extends FileStore {
  override async write(readable: Readable, id: string, offset: number): Promise<number> {
    const target = createWriteStream(path.join(this.directory, id), {
      flags: 'r+',
      start: offset,
      highWaterMark: uploadBuffer,
    });
    try {
      await pipeline(readable, target);
    } catch {
      throw ERRORS.FILE_WRITE_ERROR;
    }
    return offset + target.bytesWritten;
  }
}
(LocalFileStore.prototype as unknown as { checkOrCreateDirectory: () => void }).checkOrCreateDirectory = () =>
  undefined;

export class FileResumableUploads implements ResumableUploads {
  readonly store: FileStore;

  constructor(
    private readonly directory: string,
    readonly ttlMs: number,
  ) {
    mkdirSync(directory, { recursive: true });
    this.store = new LocalFileStore({ directory, expirationPeriodInMilliseconds: ttlMs });
  }

  storeId(id: string): string {
    return id;
  }

  sourceOf(id: string): UploadSource {
    return { kind: 'file', path: path.join(this.directory, id) };
  }

  async forget(id: string): Promise<void> {
    await rm(path.join(this.directory, id), { force: true });
    await this.store.configstore.delete(id);
  }

  async sweep(now = Date.now()): Promise<number> {
    const ids = (await this.store.configstore.list?.()) ?? [];
    let removed = 0;
    for (const id of ids) {
      const upload = await this.store.configstore.get(id).catch(() => undefined);
      // The library's own expiry keeps finished uploads; here they go too once past their time.
      if (upload && !isExpired(upload, this.ttlMs, now)) continue;
      await this.forget(id);
      removed += 1;
    }
    return removed;
  }
}
