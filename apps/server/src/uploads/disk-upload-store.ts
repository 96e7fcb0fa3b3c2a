// A tus data store in one local folder: each upload is a file named by its id (the bytes so far)
// beside `<id>.json` (its id, declared length, metadata and creation time). The offset is the
// file's size, so a chunk cut short still counts for what reached the disk. Written through the
// store's public interface (@tus/utils DataStore), in 1 MiB batches like multipart uploads.
import { createWriteStream } from 'node:fs';
import { readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { DataStore, ERRORS, Upload } from '@tus/utils';
import { uploadIdPattern } from '@grabbit/contracts';
import { uploadBuffer } from './upload-size';

const infoSuffix = '.json';

export class DiskUploadStore extends DataStore {
  constructor(
    readonly directory: string,
    private readonly ttlMs: number,
  ) {
    super();
    this.extensions = ['creation', 'termination', 'expiration'];
  }

  /** The upload's file; ids are ours (a fixed pattern), so no id reaches outside the folder. */
  pathOf(id: string): string {
    if (!uploadIdPattern.test(id)) throw ERRORS.FILE_NOT_FOUND;
    return path.join(this.directory, id);
  }

  override async create(upload: Upload): Promise<Upload> {
    const file = this.pathOf(upload.id);
    await writeFile(file, '', { flag: 'wx' });
    const { id, size, metadata, creation_date } = upload;
    await writeFile(file + infoSuffix, JSON.stringify({ id, size, metadata, creation_date }));
    return upload;
  }

  override async write(readable: Readable, id: string, offset: number): Promise<number> {
    const target = createWriteStream(this.pathOf(id), {
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

  override async getUpload(id: string): Promise<Upload> {
    const file = this.pathOf(id);
    const info = await readFile(file + infoSuffix, 'utf8').catch(() => undefined);
    const bytes = await stat(file).catch(() => undefined);
    if (info === undefined || !bytes?.isFile()) throw ERRORS.FILE_NOT_FOUND;
    const { size, metadata, creation_date } = JSON.parse(info) as Partial<Upload>;
    return new Upload({ id, size, offset: bytes.size, metadata, creation_date });
  }

  override async remove(id: string): Promise<void> {
    const file = this.pathOf(id);
    await rm(file, { force: true });
    await rm(file + infoSuffix, { force: true });
  }

  override getExpiration(): number {
    return this.ttlMs;
  }

  /** The ids of every upload the folder holds (its files, with or without their info). */
  async ids(): Promise<string[]> {
    const names = await readdir(this.directory).catch(() => [] as string[]);
    const ids = new Set(names.map((name) => name.replace(/\.json$/, '')));
    return [...ids].filter((id) => uploadIdPattern.test(id));
  }
}
