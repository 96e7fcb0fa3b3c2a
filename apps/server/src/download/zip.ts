// The downloader's one zip builder: stored files (a playlist's downloads, on the local disk or in the bucket)
// streamed as one zip as it is built. Each entry is opened only when the zip reaches it, so a
// 30-item playlist holds one file or bucket download open at a time, never thirty. Entries are
// stored, not deflated (media is already compressed), and their names made unique.
import type { ZipArchive } from 'archiver';
import type { Readable } from 'node:stream';
import { uniqueName } from '@grabbit/catalog';

export interface ZipEntrySource {
  fileName: string;
  open(): Promise<Readable | undefined>;
}

/** The zip, streaming as it is read (archiver loads with the first zip: memory at rest stays low). */
export async function zipObjects(entries: readonly ZipEntrySource[]): Promise<ZipArchive> {
  const { ZipArchive } = await import('archiver');
  const archive = new ZipArchive({ store: true });
  const taken = new Set<string>();
  const addAll = async () => {
    for (const entry of entries) {
      const body = await entry.open();
      // An object that expired meanwhile is left out rather than breaking the whole zip.
      if (!body) continue;
      // One entry's listeners at a time: each is removed once its entry is in.
      const added = new Promise<void>((resolve, reject) => {
        const fail = (error: Error) => reject(error);
        archive.once('error', fail);
        archive.once('entry', () => {
          archive.off('error', fail);
          resolve();
        });
      });
      archive.append(body, { name: uniqueName(entry.fileName, taken) });
      await added;
    }
    await archive.finalize();
  };
  addAll().catch((error: unknown) =>
    archive.destroy(error instanceof Error ? error : new Error(String(error))),
  );
  return archive;
}
