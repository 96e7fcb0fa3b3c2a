// One zip of a batch's files, streamed as it is built. Media is already compressed, so entries are
// stored, not deflated: the zip costs no CPU and starts at once.
import { ZipArchive } from 'archiver';
import type { StoredResult } from '../storage/result-store';
import { uniqueName } from './file-names';

export function zipFiles(files: readonly { file: StoredResult; fileName: string }[]): ZipArchive {
  const archive = new ZipArchive({ store: true });
  const taken = new Set<string>();
  for (const file of files) {
    // Names were sanitised from titles; de-duplicate so two items never overwrite each other.
    archive.append(file.file.createReadStream(), { name: uniqueName(file.fileName, taken) });
  }
  void archive.finalize();
  return archive;
}
