// Saving converted files: an anchor with a download attribute on the local link, clicked.
// Several saves are spaced out because browsers drop downloads started in the same instant.
import { clickDownload } from '../../../lib/click-download';

const saveSpacingMs = 250;

export async function saveFiles(files: readonly { url: string; fileName: string }[]): Promise<void> {
  for (const [index, file] of files.entries()) {
    if (index > 0) await new Promise((resolve) => setTimeout(resolve, saveSpacingMs));
    clickDownload(file.url, file.fileName);
  }
}
