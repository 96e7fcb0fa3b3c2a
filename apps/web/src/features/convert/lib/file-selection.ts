// Which files a page takes: any file its kind's converter reads. The picker's accept list only
// filters the browse dialog, so dropped files are sorted here the same way, and a file the page
// cannot take is kept with its reason and the page that takes it, never dropped without a word.
// The size limit is checked when the batch starts.
import {
  converterPageFor,
  converterRoute,
  mimeByExtension,
  parseSizeText,
  readableInputs,
  type ConverterPage,
} from '@grabbit/catalog';
import { fileExtension } from './file-names';

type FileLike = Pick<File, 'name' | 'type' | 'size'>;

/** A file the page did not take: why, and where it can be converted (when anywhere). */
export interface RefusedFile {
  name: string;
  reason: string;
  elsewhere?: { route: string; label: string };
}

/** The file's extension, or for a name without one the extension its MIME type stands for. */
function extensionOf(file: FileLike): string {
  const extension = fileExtension(file.name);
  if (extension !== '' || file.type === '') return extension;
  const type = file.type.toLowerCase();
  return Object.keys(mimeByExtension).find((ext) => mimeByExtension[ext] === type) ?? '';
}

/** True when the file is one the page's converter reads (by extension, or its MIME type without one). */
export function isAcceptedFile(page: ConverterPage, file: FileLike): boolean {
  const extension = extensionOf(file);
  return extension !== '' && readableInputs(page).includes(extension);
}

/** Why the page does not take the file, and the page that does. */
export function refusalOf(page: ConverterPage, file: FileLike): RefusedFile {
  const extension = extensionOf(file);
  const target = converterPageFor(extension);
  const shown = extension ? extension.toUpperCase() : 'This file';
  if (!target) {
    return { name: file.name, reason: `${shown} is not an image, video or audio format we convert.` };
  }
  return {
    name: file.name,
    reason: `${shown} is ${withArticle(target.kind)} file: this page converts ${page.kind} files.`,
    elsewhere: { route: converterRoute(target), label: `${target.label} converter` },
  };
}

/** "an image", "an audio", "a video": the article a word takes. */
function withArticle(word: string): string {
  return `${/^[aeiou]/i.test(word) ? 'an' : 'a'} ${word}`;
}

/** Extensions that name one format, by the name the page shows (the server's list of aliases). */
const formatAliases: Record<string, string> = { jpeg: 'jpg', tiff: 'tif', heic: 'heif', aiff: 'aif' };
const sameFormatName = (extension: string) => formatAliases[extension] ?? extension;

/**
 * The line of a file already in the chosen output format (a JPEG on the PNG page with JPG chosen):
 * there is nothing to convert, so the page keeps it as it is instead of sending it to be refused.
 * Undefined for a file that is converted.
 */
export function keptAsIsNote(file: FileLike, outputFormat: string): string | undefined {
  const extension = extensionOf(file);
  const output = outputFormat.toLowerCase();
  if (extension === '' || sameFormatName(extension) !== sameFormatName(output)) return undefined;
  return `Already in ${output.toUpperCase()} format: kept as it is, not converted.`;
}

export function maxFileBytes(page: ConverterPage): number {
  return parseSizeText(page.maxSize);
}

export interface SizeCheck<T extends FileLike> {
  valid: T[];
  tooLarge: T[];
}

/** Splits the selected files into those within the page's limit and those over it. */
export function checkFileSizes<T extends FileLike>(page: ConverterPage, files: readonly T[]): SizeCheck<T> {
  const limit = maxFileBytes(page);
  const result: SizeCheck<T> = { valid: [], tooLarge: [] };
  for (const file of files) (file.size > limit ? result.tooLarge : result.valid).push(file);
  return result;
}
