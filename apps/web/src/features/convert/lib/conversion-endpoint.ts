// Which upload endpoint converts a file: by the file's MIME type first, then by
// its extension; video is the default.
import { uploadExtensionsByKind } from '@grabbit/catalog';
import { apiRoutes } from '@grabbit/contracts/api-paths';
import { conversionBatchParam } from '@grabbit/contracts/convert-jobs';
import { fileExtension } from './file-names';

export type ConversionEndpoint = 'image' | 'audio-general' | 'video';

const endpointByMimeFamily: Record<string, ConversionEndpoint> = {
  image: 'image',
  audio: 'audio-general',
  video: 'video',
};

export function conversionEndpoint(file: { name: string; type: string }): ConversionEndpoint {
  const family = file.type.split('/')[0]?.toLowerCase() ?? '';
  const byMime = endpointByMimeFamily[family];
  if (byMime) return byMime;
  const extension = fileExtension(file.name);
  if (uploadExtensionsByKind.image.includes(extension)) return 'image';
  if (uploadExtensionsByKind.audio.includes(extension)) return 'audio-general';
  return 'video';
}

const pathOfEndpoint: Record<ConversionEndpoint, string> = {
  image: apiRoutes.convertImage,
  'audio-general': apiRoutes.convertAudio,
  video: apiRoutes.convertVideo,
};

/** The upload's API path, e.g. /api/convert/image. */
export function conversionPath(file: { name: string; type: string }): string {
  return pathOfEndpoint[conversionEndpoint(file)];
}

/** An address naming the press of Convert it belongs to (the conversion, or its resumable upload). */
export function inBatch(url: string, batchId: string | undefined): string {
  return batchId ? `${url}?${conversionBatchParam}=${encodeURIComponent(batchId)}` : url;
}
