// The how-to, supported formats and pro tips box of a converter page, written from its catalog
// entry so every page says the right formats and limit.
import type { ConverterPage } from '@grabbit/catalog';

export interface ConverterGuide {
  howTo: readonly string[];
  inputFormats: string;
  outputFormats: string;
  tips: readonly string[];
}

const kindTips: Record<ConverterPage['kind'], readonly string[]> = {
  image: [
    'Choose PNG or WEBP to keep transparency; JPG is smaller but flattens transparent areas on white.',
    'Photo metadata such as GPS location is removed from converted images.',
  ],
  video: [
    'MP4 plays almost everywhere; WEBM suits web pages.',
    'When the codecs already fit the new format, the file is repackaged without re-encoding, which takes seconds.',
    'Large files take longer to upload: the queue shows the upload and then the conversion progress.',
  ],
  audio: [
    'FLAC, WAV and AIFF keep full quality; MP3, AAC, OGG and M4A are much smaller.',
    'AMR is made for voice: 8 kHz mono, very small files.',
    'Converting a lossy file to a lossless format does not bring back lost quality.',
  ],
};

export function converterGuide(page: ConverterPage): ConverterGuide {
  const label = page.label;
  return {
    howTo: [
      `Drop your ${label} files on the upload area or click Browse files (up to ${page.maxSize} each).`,
      'Pick the output format from the dropdown.',
      'Click Convert Files and follow each file in the Conversion Queue.',
      'Save each file, or use Download All to save every converted file at once.',
    ],
    inputFormats: page.inputs.map((f) => f.toUpperCase()).join(', '),
    outputFormats: page.outputs.map((f) => f.toUpperCase()).join(', '),
    tips: [
      'Several files convert at the same time: select them all before clicking Convert Files.',
      ...kindTips[page.kind],
      ...(page.outputs.includes('ico')
        ? ['ICO output contains every icon size from 256 down to 16 pixels.']
        : []),
      'Files are deleted from the server right after conversion.',
    ],
  };
}
