// sharp (libvips) for the common image formats. Every encode applies the house rules: EXIF
// orientation applied, sRGB output (CMYK converted through its profile), metadata (GPS included)
// dropped unless the visitor asks to keep it, transparency flattened on white where the format has none.
import type sharpModule from 'sharp';
import type { Sharp } from 'sharp';

export type SharpOutput = 'jpeg' | 'png' | 'webp' | 'gif' | 'tiff';

export const sharpReadable = new Set(['jpeg', 'png', 'webp', 'gif', 'tiff', 'avif']);
export const sharpWritable = new Set<string>(['jpeg', 'png', 'webp', 'gif', 'tiff']);

let loaded: Promise<typeof sharpModule> | undefined;

/**
 * sharp (libvips and its thread pool) is loaded by the first image that needs it: a server that
 * converts no image never holds it in memory.
 */
function loadSharp(): Promise<typeof sharpModule> {
  loaded ??= import('sharp').then(({ default: sharp }) => {
    // Uploads are read once: libvips' operation cache would only hold memory.
    sharp.cache(false);
    return sharp;
  });
  return loaded;
}

export interface SharpHeader {
  width: number;
  height: number;
  pages: number;
}

/** Reads the header only, so a declared pixel bomb is refused before any decoding. */
export async function readSharpHeader(file: string): Promise<SharpHeader> {
  const sharp = await loadSharp();
  const meta = await sharp(file, { limitInputPixels: false }).metadata();
  return { width: meta.width, height: meta.pageHeight ?? meta.height, pages: meta.pages ?? 1 };
}

export interface SharpEncodeOptions {
  maxPixels: number;
  /** Keep every frame (GIF and WebP both ways). */
  animated: boolean;
  /** Flatten transparency on white (JPEG, BMP). */
  flattenWhite: boolean;
  /** Fit inside a transparent square of this size (icon sources). */
  squareSize?: number;
  timeoutSeconds: number;
  /** JPEG and WebP quality (90 unless asked otherwise). */
  quality?: number;
  /** Fit inside these, aspect kept, never enlarged. */
  maxWidth?: number;
  maxHeight?: number;
  /** Keep EXIF, XMP and the ICC profile (the visitor asked; the default drops them for privacy). */
  keepMetadata?: boolean;
}

/** libjpeg's words for scan data that stops short: the picture would come out half grey. */
const cutShort = /premature end of data segment/i;

/**
 * Decodes strictly first. A decoder warning is usually harmless (extra bytes after a camera's
 * JPEG, a libpng note about a profile): the picture is then decoded again, tolerant of warnings,
 * unless the warning says the data stops short. Truncated and broken files fail either way.
 */
export async function sharpEncode(
  input: string,
  output: string,
  format: SharpOutput,
  options: SharpEncodeOptions,
): Promise<void> {
  try {
    await encodeOnce(input, output, format, options, 'warning');
  } catch (error) {
    const message = error instanceof Error ? error.message : '';
    if (!message || /pixel limit|timeout/i.test(message) || cutShort.test(message)) throw error;
    await encodeOnce(input, output, format, options, 'truncated');
  }
}

async function encodeOnce(
  input: string,
  output: string,
  format: SharpOutput,
  options: SharpEncodeOptions,
  failOn: 'warning' | 'truncated',
): Promise<void> {
  const sharp = await loadSharp();
  let image: Sharp = sharp(input, {
    limitInputPixels: options.maxPixels,
    animated: options.animated,
    failOn,
  })
    .autoOrient()
    .timeout({ seconds: Math.max(1, Math.floor(options.timeoutSeconds)) });
  // Kept metadata keeps its colour profile too, and the pixels stay in that profile's space.
  image = options.keepMetadata ? image.keepMetadata() : image.toColourspace('srgb');
  if (options.maxWidth || options.maxHeight) {
    image = image.resize(options.maxWidth, options.maxHeight, { fit: 'inside', withoutEnlargement: true });
  }
  if (options.squareSize) {
    image = image.resize(options.squareSize, options.squareSize, {
      fit: 'contain',
      background: { r: 0, g: 0, b: 0, alpha: 0 },
    });
  }
  if (options.flattenWhite) image = image.flatten({ background: '#ffffff' });
  switch (format) {
    case 'jpeg':
      // Huffman-table optimisation costs a second pass (up to 3x the encode time) for a few percent
      // of size: the converter answers faster without it.
      image = image.jpeg({ quality: options.quality ?? 90, optimiseCoding: false });
      break;
    case 'png':
      image = image.png({ compressionLevel: 6 });
      break;
    case 'webp':
      image = image.webp({ quality: options.quality ?? 90 });
      break;
    case 'gif':
      image = image.gif();
      break;
    case 'tiff':
      image = image.tiff({ compression: 'lzw' });
      break;
  }
  await image.toFile(output);
}
