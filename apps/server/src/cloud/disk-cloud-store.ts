// The local bucket: CLOUD_STORAGE_DIR/<fileKey>/ holds `object` and meta.json beside it, so expiry
// survives restarts. An index in memory (rebuilt from disk at start) answers usage and lookups.
// In embedded mode one process owns the folder; in scaled mode without S3_BUCKET every API node
// shares it (a shared disk): a key missing from the index is looked up on disk, each sweep brings
// the index in line with the folder, and a folder without metadata is taken for an unfinished
// write only once it is older than any write takes (another node may be writing it now).
import { createWriteStream } from 'node:fs';
import { mkdir, readFile, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { AppError } from '../core/app-error';
import { fileReader } from '../storage/file-reader';
import type { StoredResult } from '../storage/result-store';
import type { CloudObjectMeta, CloudPutInput, CloudStore, CloudUsage } from './cloud-store';
import { isFileKey } from './file-keys';

const metaName = 'meta.json';
const objectName = 'object';

export const tooLarge = () =>
  new AppError('FILE_TOO_LARGE', 'The file is larger than cloud storage accepts.');

/** Counts bytes while streaming and stops the copy past the limit. */
export function byteLimit(maxBytes: number): Transform {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      seen += chunk.length;
      callback(seen > maxBytes ? tooLarge() : null, chunk);
    },
  });
}

export interface DiskCloudStoreOptions {
  /** Other processes write the folder too (scaled mode on a shared disk). */
  shared?: boolean;
}

/** On a shared folder, a folder without metadata this old is an unfinished write of a dead node. */
const sharedUnfinishedAgeMs = 60 * 60_000;

export class DiskCloudStore implements CloudStore {
  readonly provider = 'local' as const;
  private readonly index = new Map<string, CloudObjectMeta>();
  /** Keys being written: not indexed yet, and never swept (a large copy takes minutes). */
  private readonly writing = new Set<string>();

  private constructor(
    private readonly root: string,
    private readonly now: () => number,
    private readonly shared: boolean,
  ) {}

  /** Opens the folder: unfinished or expired objects are removed, the rest indexed. */
  static async open(
    root: string,
    now: () => number,
    options: DiskCloudStoreOptions = {},
  ): Promise<DiskCloudStore> {
    await mkdir(root, { recursive: true });
    const store = new DiskCloudStore(root, now, options.shared ?? false);
    for (const name of await readdir(root)) {
      const meta = isFileKey(name) ? await store.readMeta(name) : undefined;
      if (meta) store.index.set(name, meta);
    }
    await store.sweep();
    return store;
  }

  private folder(fileKey: string): string {
    return path.join(this.root, fileKey);
  }

  private async readMeta(fileKey: string): Promise<CloudObjectMeta | undefined> {
    try {
      const meta = JSON.parse(await readFile(path.join(this.folder(fileKey), metaName), 'utf8'));
      return (meta as CloudObjectMeta).fileKey === fileKey ? (meta as CloudObjectMeta) : undefined;
    } catch {
      return undefined;
    }
  }

  async put(input: CloudPutInput, maxBytes: number): Promise<CloudObjectMeta> {
    if (!isFileKey(input.fileKey)) throw new Error(`not a file key: ${input.fileKey}`);
    const folder = this.folder(input.fileKey);
    // A fresh random key: an existing folder would mean a collision, never an overwrite.
    this.writing.add(input.fileKey);
    await mkdir(folder).catch((error: unknown) => {
      this.writing.delete(input.fileKey);
      throw error;
    });
    const target = path.join(folder, objectName);
    try {
      let size = 0;
      const counter = byteLimit(maxBytes).on('data', (chunk: Buffer) => (size += chunk.length));
      await pipeline(input.body, counter, createWriteStream(target, { flags: 'wx' }));
      const meta: CloudObjectMeta = {
        fileKey: input.fileKey,
        fileName: input.fileName,
        contentType: input.contentType,
        size,
        isPublic: input.isPublic,
        createdAt: this.now(),
        expiresAt: input.expiresAt,
      };
      // Metadata last (written whole, then renamed): a folder without it is an unfinished write.
      await writeFile(path.join(folder, `${metaName}.tmp`), JSON.stringify(meta));
      await rename(path.join(folder, `${metaName}.tmp`), path.join(folder, metaName));
      this.index.set(meta.fileKey, meta);
      return meta;
    } catch (error) {
      input.body.destroy();
      await rm(folder, { recursive: true, force: true });
      throw error;
    } finally {
      this.writing.delete(input.fileKey);
    }
  }

  /**
   * The object's metadata: from the index when this process owns the folder, else from the disk
   * (another process may have written or deleted it), kept in the index for usage.
   */
  private async lookUp(fileKey: string): Promise<CloudObjectMeta | undefined> {
    if (!isFileKey(fileKey)) return undefined;
    const indexed = this.index.get(fileKey);
    if ((indexed && !this.shared) || this.writing.has(fileKey)) return indexed;
    const meta = await this.readMeta(fileKey);
    if (meta) this.index.set(fileKey, meta);
    else this.index.delete(fileKey);
    return meta;
  }

  async get(fileKey: string): Promise<CloudObjectMeta | undefined> {
    const meta = await this.lookUp(fileKey);
    if (!meta) return undefined;
    if (meta.expiresAt > this.now()) return meta;
    await this.delete(fileKey);
    return undefined;
  }

  async open(meta: CloudObjectMeta): Promise<StoredResult | undefined> {
    const file = path.join(this.folder(meta.fileKey), objectName);
    const size = await stat(file).then(
      (stats) => stats.size,
      () => undefined,
    );
    if (size === undefined) return undefined;
    return {
      meta: { ...meta, fileId: meta.fileKey, storedName: objectName },
      size,
      createReadStream: fileReader(file, size),
    };
  }

  async delete(fileKey: string): Promise<boolean> {
    const known = (await this.lookUp(fileKey)) !== undefined;
    this.index.delete(fileKey);
    if (known) await rm(this.folder(fileKey), { recursive: true, force: true });
    return known;
  }

  async usage(): Promise<CloudUsage> {
    let bytes = 0;
    for (const meta of this.index.values()) bytes += meta.size;
    return { objects: this.index.size, bytes };
  }

  async sweep(): Promise<number> {
    const now = this.now();
    const names = await readdir(this.root).catch(() => [] as string[]);
    // Objects another process deleted leave the index.
    const present = new Set(names);
    for (const fileKey of this.index.keys()) if (!present.has(fileKey)) this.index.delete(fileKey);
    let removed = 0;
    for (const name of names) {
      // The signing secret and other operator files, and writes under way.
      if (name.startsWith('.') || this.writing.has(name)) continue;
      const meta = await this.lookUp(name);
      if (meta && meta.expiresAt > now) continue;
      // Without metadata: an unfinished write (of an earlier run, or of a node that died).
      if (!meta && this.shared && !(await this.olderThan(name, sharedUnfinishedAgeMs))) continue;
      this.index.delete(name);
      await rm(path.join(this.root, name), { recursive: true, force: true });
      removed += 1;
    }
    return removed;
  }

  private async olderThan(name: string, ageMs: number): Promise<boolean> {
    const folder = path.join(this.root, name);
    const changed = await stat(path.join(folder, objectName))
      .catch(() => stat(folder))
      .then((stats) => stats.mtimeMs)
      .catch(() => 0);
    return Date.now() - changed > ageMs;
  }
}
