// Which formats exist, which page an input belongs to, which outputs it may ask for and how big it
// may be. Pure data logic over the catalog: one place to change when a page is added.
import { converterPages, parseSizeText, type ConverterKind, type ConverterPage } from '@grabbit/catalog';
import type { SizeLimit } from '../uploads/upload-size';

export type ImageFormat =
  'jpeg' | 'png' | 'webp' | 'gif' | 'tiff' | 'bmp' | 'tga' | 'exr' | 'heic' | 'ico' | 'psd' | 'avif';
export type VideoFormat = 'mp4' | 'mov' | 'm4v' | '3gp' | 'mkv' | 'webm' | 'avi' | 'wmv' | 'flv' | 'mts';
export type AudioFormat = 'mp3' | 'wav' | 'flac' | 'aac' | 'ogg' | 'm4a' | 'wma' | 'aiff' | 'amr';
export type MediaFormat = ImageFormat | VideoFormat | AudioFormat;

/** Extensions that name the same format (the catalog lists jpg and jpeg, tif and tiff...). */
const aliases: Record<string, MediaFormat> = { jpg: 'jpeg', tif: 'tiff', heif: 'heic', aif: 'aiff' };

export function canonicalFormat(extension: string): string {
  const lower = extension.toLowerCase();
  return aliases[lower] ?? lower;
}

function pagesOf(kind: ConverterKind): ConverterPage[] {
  return converterPages.filter((page) => page.kind === kind);
}

/** The converter page whose inputs include this format, if the format has one. */
function pageForInput(kind: ConverterKind, format: MediaFormat): ConverterPage | undefined {
  return pagesOf(kind).find((page) => page.inputs.some((input) => canonicalFormat(input) === format));
}

/** Every output extension some page of this kind offers (checked before the upload is read). */
export function outputsOfKind(kind: ConverterKind): Set<string> {
  return new Set(pagesOf(kind).flatMap((page) => page.outputs));
}

/**
 * The output extensions an input may ask for: its page's list; a format without a page of its own
 * (M4A, WMV, AVIF...) may ask for any output of its kind except itself.
 */
export function allowedOutputs(kind: ConverterKind, format: MediaFormat): readonly string[] {
  const page = pageForInput(kind, format);
  if (page) return page.outputs;
  return [...outputsOfKind(kind)].filter((output) => canonicalFormat(output) !== format);
}

/** The largest upload any page of this kind takes: enforced while the upload streams. */
export function largestLimitOfKind(kind: ConverterKind): SizeLimit {
  const limits = pagesOf(kind).map((page) => ({ bytes: parseSizeText(page.maxSize), text: page.maxSize }));
  return limits.reduce((largest, limit) => (limit.bytes > largest.bytes ? limit : largest));
}

/** The limit of the input's own page, checked once the content type is known. */
export function limitForInput(kind: ConverterKind, format: MediaFormat): SizeLimit {
  const page = pageForInput(kind, format);
  return page ? { bytes: parseSizeText(page.maxSize), text: page.maxSize } : largestLimitOfKind(kind);
}
