// Resumable uploads in a local folder (DATA_DIR/resumable): embedded mode, and scaled mode on a
// shared DATA_DIR without a bucket. Each upload is a file named by its id beside `<id>.json` (its
// length, offset, metadata); a conversion takes the file over with a rename on the same disk.
import { mkdirSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { FileStore } from '@tus/file-store';
import { isExpired, type ResumableUploads, type UploadSource } from './resumable-uploads';

export function resumableRoot(dataDir: string): string {
  return path.resolve(dataDir, 'resumable');
}

/**
 * The library's store, without its own attempt to make the folder: made in the background, it
 * throws outside any caller when the folder is gone by then (a data folder removed at shutdown).
 * The folder is made once, before the store, below.
 */
class LocalFileStore extends FileStore {}
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
