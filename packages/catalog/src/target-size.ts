// Which converter outputs take a target size (TargetSizeMB): the formats whose size follows from a
// bit rate. Lossless and fixed-rate formats (WAV, FLAC, AIFF, AMR) have no rate to choose: their
// size is set by the length of the recording, so a target size is refused for them.
export const targetSizeOutputs = [
  'mp4',
  'avi',
  'mov',
  'webm',
  'mkv',
  'wmv',
  'flv',
  '3gp',
  'm4v',
  'mp3',
  'aac',
  'ogg',
  'm4a',
  'wma',
] as const;

export function takesTargetSize(outputFormat: string): boolean {
  return (targetSizeOutputs as readonly string[]).includes(outputFormat.toLowerCase());
}

/**
 * A megabyte of a target size: 1024 x 1024 bytes, as the upload limits count ("50MB") and as
 * most file managers show sizes. A target of 8 MB is at most 8,388,608 bytes.
 */
export const targetSizeMegabyte = 1024 ** 2;

/** Largest TargetSizeMB taken: beyond any output the converter's upload limits allow. */
export const maxTargetSizeMB = 10_240;
