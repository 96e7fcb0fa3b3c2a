// A zip of stored objects (a playlist's files in the bucket), streamed as it is built: each
// object is opened only when the zip reaches it, so a 30-item playlist holds one bucket download
// at a time, never thirty. Entries are stored, not deflated (media is already compressed).
import { ZipArchive } from 'archiver';
import type { Readable } from 'node:stream';
import { uniqueName } from '../download/file-names';

export interface ZipEntrySource {
  fileName: string;
  open(): Promise<Readable | undefined>;
}

export function zipObjects(entries: readonly ZipEntrySource[]): ZipArchive {
  const archive = new ZipArchive({ store: true });
  const taken = new Set<string>();
  const addAll = async () => {
    for (const entry of entries) {
      const body = await entry.open();
      // An object that expired meanwhile is left out rather than breaking the whole zip.
      if (!body) continue;
      const added = new Promise<void>((resolve, reject) => {
        archive.once('entry', () => resolve());
        archive.once('error', reject);
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
