// AMR-NB decoding of uploads. FFmpeg's own AMR decoder stops at the comfort-noise (SID) and
// no-data frames that encoders with DTX write over quiet stretches, so such a file would convert
// shorter, with its pauses cut out. libopencore-amrnb, through GStreamer, decodes every frame;
// ffmpeg then takes the WAV.
import type { EnginePaths } from './engine-paths';
import type { EngineContext } from './engine-run';
import { fileProperty, runGstPipeline } from './gstreamer';

/** AMR storage-format frames in, 16-bit PCM out. */
export const amrDecoderElements = ['amrparse', '!', 'amrnbdec'];

export async function decodeAmrNb(
  config: EnginePaths,
  amrInput: string,
  wavOutput: string,
  context: EngineContext,
): Promise<void> {
  const source = ['filesrc', fileProperty('location', amrInput)];
  const sink = ['wavenc', '!', 'filesink', fileProperty('location', wavOutput)];
  await runGstPipeline(config, [...source, '!', ...amrDecoderElements, '!', ...sink], context);
}
