// Resumable uploads in a local folder (DATA_DIR/resumable): embedded mode, and scaled mode on a
// shared DATA_DIR without a bucket. Each upload is a file named by its id beside `<id>.json` (its
// length, offset, metadata); a conversion takes the file over with a hard link on the same disk.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { DiskUploadStore } from './disk-upload-store';
import type { UploadLedger } from './upload-ledger';
import { sweepUploads, type ResumableUploads, type UploadSource } from './resumable-uploads';

export function resumableRoot(dataDir: string): string {
  return path.resolve(dataDir, 'resumable');
}

export class DiskResumableUploads implements ResumableUploads {
  readonly store: DiskUploadStore;

  constructor(
    directory: string,
    readonly ttlMs: number,
    readonly finishedTtlMs: number,
    readonly ledger: UploadLedger,
  ) {
    mkdirSync(directory, { recursive: true });
    this.store = new DiskUploadStore(directory, ttlMs);
  }

  storeId(id: string): string {
    return id;
  }

  sourceOf(id: string): UploadSource {
    return { kind: 'file', path: this.store.pathOf(id) };
  }

  async forget(id: string): Promise<void> {
    await this.store.remove(id);
    await this.ledger.close(id);
  }

  ids(): Promise<string[]> {
    return this.store.ids();
  }

  sweep(now = Date.now(), restore = false): Promise<number> {
    return sweepUploads(this, now, restore);
  }
}
