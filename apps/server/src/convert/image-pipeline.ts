// Image conversion, engine chosen per pair. sharp applies the house rules (orientation, sRGB,
// no metadata, white behind transparency for JPEG/BMP) on every path; ImageMagick only decodes the
// formats sharp cannot read (BMP, TGA, HEIC, ICO, PSD) and encodes BMP, TGA and multi-size ICO;
// ffmpeg decodes and encodes EXR.
import path from 'node:path';
import type { Config } from '../config/env';
import { decodeExr, encodeExr } from '../encode/image-exr';
import {
  readSharpHeader,
  sharpEncode,
  sharpReadable,
  sharpWritable,
  type SharpEncodeOptions,
  type SharpOutput,
} from '../engines/image-sharp';
import { runMagick } from '../engines/magick-run';
import { imageTooLarge } from './conversion-errors';
import type { DetectedImage } from './detect';
import type { EngineContext } from '../engines/engine-run';
import type { ImageSettings } from '../encode/convert-options';

export interface ImageJob {
  input: DetectedImage;
  inputPath: string;
  /** Canonical output format (jpeg, not jpg). */
  target: string;
  outputPath: string;
  settings: ImageSettings;
}

const animatedFormats = new Set(['gif', 'webp']);
const icoSizes = '256,128,64,48,32,16';

/** Output coders of ImageMagick: BMP3 is the plain 24-bit BMP every viewer reads. */
const magickOutputs: Record<string, string[]> = {
  bmp: ['-type', 'TrueColor', 'bmp3:'],
  tga: ['tga:'],
  ico: ['-define', `icon:auto-resize=${icoSizes}`, 'ico:'],
};

/** Which frame ImageMagick decodes: PSD's flattened composite, an icon's largest entry. */
function magickFrameIndex(input: DetectedImage): number {
  if (input.format !== 'ico' || !input.frames) return 0;
  let best = 0;
  input.frames.forEach((frame, index) => {
    const bestFrame = input.frames?.[best];
    if (bestFrame && frame.width * frame.height > bestFrame.width * bestFrame.height) best = index;
  });
  return best;
}

/** Makes the input something sharp reads: the file itself, or a PNG decoded by ImageMagick/ffmpeg. */
async function sharpSource(config: Config, job: ImageJob, context: EngineContext): Promise<string> {
  const { format } = job.input;
  // libvips checks the pixel limit from the header, before decoding: see encodeWithinLimit.
  if (sharpReadable.has(format)) return job.inputPath;
  const decoded = path.join(context.workDir, 'decoded.png');
  if (format === 'exr') {
    await decodeExr(config, job.inputPath, decoded, context);
    return decoded;
  }
  const coder = `${format}:${job.inputPath}[${magickFrameIndex(job.input)}]`;
  // HEIC: libheif already applies the container's rotation, so EXIF orientation must not apply twice.
  const orient = format === 'heic' ? [] : ['-auto-orient'];
  // The PNG between the two engines is stored uncompressed: zlib took three quarters of a 12 MP
  // HEIC's decode time, for a file read once and then deleted.
  const uncompressed = ['-define', 'png:compression-level=0', '-define', 'png:compression-filter=0'];
  await runMagick(
    config,
    [coder, ...orient, '-colorspace', 'sRGB', '-strip', ...uncompressed, `png:${decoded}`],
    context,
  );
  return decoded;
}

/**
 * sharp refuses an image over `maxPixels` as soon as it has read the header, so no separate header
 * read is needed before the encode; only a refusal reads the header again, to name the size.
 */
async function encodeWithinLimit(
  source: string,
  output: string,
  format: SharpOutput,
  options: SharpEncodeOptions,
): Promise<void> {
  try {
    await sharpEncode(source, output, format, options);
  } catch (error) {
    if (!(error instanceof Error && /pixel limit/i.test(error.message))) throw error;
    const header = await readSharpHeader(source);
    const height = options.animated ? header.height * header.pages : header.height;
    throw imageTooLarge(header.width, height, options.maxPixels);
  }
}

export async function convertImage(config: Config, job: ImageJob, context: EngineContext): Promise<void> {
  const source = await sharpSource(config, job, context);
  const timeoutSeconds = (context.deadline - Date.now()) / 1000;
  const { quality, maxWidth, maxHeight, keepMetadata } = job.settings;
  const base = { maxPixels: config.CONVERT_MAX_PIXELS, timeoutSeconds, quality, maxWidth, maxHeight };
  if (sharpWritable.has(job.target)) {
    const animated = animatedFormats.has(job.input.format) && animatedFormats.has(job.target);
    await encodeWithinLimit(source, job.outputPath, job.target as SharpOutput, {
      ...base,
      animated,
      flattenWhite: job.target === 'jpeg',
      keepMetadata,
    });
    return;
  }
  // The other encoders start from a clean sRGB PNG that sharp prepared.
  const prepared = path.join(context.workDir, 'prepared.png');
  await encodeWithinLimit(source, prepared, 'png', {
    ...base,
    animated: false,
    flattenWhite: job.target === 'bmp',
    squareSize: job.target === 'ico' ? 256 : undefined,
  });
  if (job.target === 'exr') {
    await encodeExr(config, prepared, job.outputPath, context);
    return;
  }
  const output = magickOutputs[job.target];
  if (!output) throw new Error(`No image encoder for ${job.target}`);
  const coder = output[output.length - 1] ?? '';
  await runMagick(config, [`png:${prepared}`, ...output.slice(0, -1), `${coder}${job.outputPath}`], context);
}
