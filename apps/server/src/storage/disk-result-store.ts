// Result files on local disk: DATA_DIR/results/<fileId>/ holds the file and meta.json beside it, so
// expiry survives restarts. The scaled mode swaps this for the bucket behind the same interface.
import { copyFile, mkdir, readFile, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { isId, newId } from '../core/ids';
import { fileReader } from './file-reader';
import type { ResultStore, StoredFileMeta, StoredResult } from './result-store';

const metaName = 'meta.json';

/**
 * Moves a finished file: a rename when the job folder and the store share a disk (no byte is
 * copied), a copy and a delete when DATA_DIR's folders are on different disks.
 */
async function moveFile(source: string, target: string): Promise<void> {
  try {
    await rename(source, target);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
    await copyFile(source, target);
    await rm(source, { force: true });
  }
}

export class DiskResultStore implements ResultStore {
  constructor(
    private readonly root: string,
    private readonly ttlMs: number,
  ) {}

  private folder(fileId: string): string {
    return path.join(this.root, fileId);
  }

  async put(sourcePath: string, info: { fileName: string; contentType: string }): Promise<StoredFileMeta> {
    const fileId = newId();
    const folder = this.folder(fileId);
    // The size is the source's (a move keeps it), read while the folder is made.
    const [{ size }] = await Promise.all([stat(sourcePath), mkdir(folder, { recursive: true })]);
    const storedName = `file${path.extname(sourcePath)}`;
    await moveFile(sourcePath, path.join(folder, storedName));
    const createdAt = Date.now();
    const meta: StoredFileMeta = {
      fileId,
      ...info,
      storedName,
      size,
      createdAt,
      expiresAt: createdAt + this.ttlMs,
    };
    // Metadata last: a folder without it is an unfinished write and the orphan scan removes it.
    await writeFile(path.join(folder, metaName), JSON.stringify(meta));
    return meta;
  }

  private async readMeta(fileId: string): Promise<StoredFileMeta | undefined> {
    try {
      return JSON.parse(await readFile(path.join(this.folder(fileId), metaName), 'utf8')) as StoredFileMeta;
    } catch {
      return undefined;
    }
  }

  async open(fileId: string, now = Date.now()): Promise<StoredResult | undefined> {
    if (!isId(fileId)) return undefined;
    const meta = await this.readMeta(fileId);
    if (!meta || meta.expiresAt <= now) return undefined;
    const file = path.join(this.folder(fileId), meta.storedName);
    const size = await stat(file).then(
      (stats) => stats.size,
      () => undefined,
    );
    if (size === undefined) return undefined;
    return {
      meta,
      size,
      createReadStream: fileReader(file, size),
    };
  }

  async delete(fileId: string): Promise<void> {
    if (isId(fileId)) await rm(this.folder(fileId), { recursive: true, force: true });
  }

  async sweep(now = Date.now()): Promise<number> {
    let removed = 0;
    const names = await readdir(this.root).catch(() => [] as string[]);
    for (const name of names) {
      const meta = isId(name) ? await this.readMeta(name) : undefined;
      if (meta && meta.expiresAt > now) continue;
      await rm(path.join(this.root, name), { recursive: true, force: true });
      removed += 1;
    }
    return removed;
  }
}
