// Which files a page takes: the picker's accept list only filters the browse dialog, so dropped
// files are filtered here the same way; the size limit is checked when the batch starts (spec 5).
import { mimeByExtension, parseSizeText, type ConverterPage } from '@grabbit/catalog';
import { fileExtension } from './file-names';

type FileLike = Pick<File, 'name' | 'type' | 'size'>;

/** True when the file's extension, or failing that its MIME type, is one the page accepts. */
export function isAcceptedFile(page: ConverterPage, file: FileLike): boolean {
  if (page.inputs.includes(fileExtension(file.name))) return true;
  if (fileExtension(file.name) !== '' || file.type === '') return false;
  return page.inputs.some((ext) => mimeByExtension[ext] === file.type.toLowerCase());
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
