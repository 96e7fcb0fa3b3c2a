// The media types the API document lists for file answers (each route's `fileAnswer`), from the
// catalog's tables that set the types the files are sent with: a download format's content type
// (downloadContentTypes), a conversion's output extension (mimeByExtension).
import { downloadContentTypes, mimeByExtension, type ConverterKind } from '@grabbit/catalog';
import { outputsOfKind } from '../convert/formats';

/** Media types as the document keys them: without parameters (a transcript's charset). */
const unique = (list: string[]) => [...new Set(list.map((type) => type.split(';')[0]!.trim()))].sort();

/** Every type a download's file may have (a zip: one file per chapter). */
export const downloadMediaTypes = unique([...Object.values(downloadContentTypes), 'application/zip']);

/** Every type a conversion of this kind may answer (an extension without one: octet-stream). */
export function conversionMediaTypes(kind: ConverterKind): string[] {
  return unique([...outputsOfKind(kind)].map((ext) => mimeByExtension[ext] ?? 'application/octet-stream'));
}

/** Every type a conversion of any kind may answer. */
export const anyConversionMediaTypes = unique(
  (['image', 'audio', 'video'] as const).flatMap((kind) => conversionMediaTypes(kind)),
);

/** What cloud storage keeps: downloads and conversions. */
export const keptMediaTypes = unique([...downloadMediaTypes, ...anyConversionMediaTypes]);
