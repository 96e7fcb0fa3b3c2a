// OpenEXR through ffmpeg (Debian's ImageMagick 6 is built without OpenEXR; ffmpeg decodes and
// encodes it). EXR holds linear light with values above 1.0: decoding tone-maps it (mobius keeps
// mid-tones and rolls highlights off instead of clipping them) and applies the sRGB-like gamma;
// encoding an 8-bit picture linearises it first.
import type { EncodePlan, VideoEncoding } from './encode-plan';
import type { EnginePaths } from '../engines/engine-paths';
import type { EngineContext } from '../engines/engine-run';
import { runFfmpegPlan } from './run-plan';

const gamma = (exponent: string) =>
  ['r', 'g', 'b'].map((channel) => `${channel}='pow(val/65535\\,${exponent})*65535'`).join(':');

/** One picture, written as one file. */
const onePicture = (encoding: VideoEncoding): EncodePlan => ({
  video: { frames: 1, encoding },
  singleImage: true,
  muxer: 'image2',
});

/** EXR (any float layout) -> 16-bit PNG, tone-mapped. */
export async function decodeExr(
  config: EnginePaths,
  input: string,
  output: string,
  context: EngineContext,
): Promise<void> {
  const filter = `format=gbrpf32le,tonemap=mobius:desat=0,format=rgb48le,lutrgb=${gamma('1/2.2')}`;
  await runFfmpegPlan(
    config,
    { input, demuxer: 'exr_pipe', output, plan: onePicture({ codec: 'png', filters: [filter] }) },
    context,
  );
}

/** PNG (one of our own intermediates) -> half-float EXR in linear light, ZIP-compressed. */
export async function encodeExr(
  config: EnginePaths,
  input: string,
  output: string,
  context: EngineContext,
): Promise<void> {
  const filter = `format=rgb48le,lutrgb=${gamma('2.2')},format=gbrpf32le`;
  const plan = onePicture({
    codec: 'exr',
    filters: [filter],
    encoderOptions: { compression: 'zip1', format: 'half' },
  });
  await runFfmpegPlan(config, { input, demuxer: 'png_pipe', output, plan }, context);
}
