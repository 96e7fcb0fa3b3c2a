// Saving converted files: an anchor with a download attribute on the local link, clicked.
// Several saves are spaced out because browsers drop downloads started in the same instant.
const saveSpacingMs = 250;

export function saveFile(url: string, fileName: string): void {
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = fileName;
  anchor.rel = 'noopener';
  anchor.style.display = 'none';
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
}

export async function saveFiles(files: readonly { url: string; fileName: string }[]): Promise<void> {
  for (const [index, file] of files.entries()) {
    if (index > 0) await new Promise((resolve) => setTimeout(resolve, saveSpacingMs));
    saveFile(file.url, file.fileName);
  }
}
