// 'Download All (n)': one zip of the completed results, made in the browser from the local links
// (the files are already here) and streamed entry by entry by client-zip, named after the page.
import { converterRoute, uniqueName, type ConverterPage } from '@grabbit/catalog';
import { downloadZip } from 'client-zip';
import { clickDownload } from '../../../lib/click-download';

/** Entry names made unique: a second 'photo.jpg' becomes 'photo (2).jpg'. */
export function uniqueNames(names: readonly string[]): string[] {
  const taken = new Set<string>();
  return names.map((name) => uniqueName(name, taken));
}

/** 'png-converter.zip' for the PNG converter page. */
export function zipName(page: ConverterPage): string {
  return `${converterRoute(page).replace(/^\/+|\/+$/g, '')}.zip`;
}

/** How long the zip's local link lives: long enough for the browser to start saving it. */
const linkLifetimeMs = 60_000;

export async function saveZip(
  files: readonly { url: string; fileName: string }[],
  name: string,
): Promise<void> {
  const names = uniqueNames(files.map((file) => file.fileName));
  async function* entries() {
    for (const [index, file] of files.entries()) {
      yield { name: names[index] ?? file.fileName, input: await fetch(file.url) };
    }
  }
  const zip = await downloadZip(entries()).blob();
  const url = URL.createObjectURL(zip);
  clickDownload(url, name);
  setTimeout(() => URL.revokeObjectURL(url), linkLifetimeMs);
}
