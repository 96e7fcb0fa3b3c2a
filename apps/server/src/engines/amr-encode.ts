// AMR-NB encoding. Debian's ffmpeg has no AMR encoder; GStreamer's amrnbenc (libopencore-amrnb)
// has one, with discontinuous transmission off. sox also wraps libopencore-amrnb, but always with
// DTX on: quiet stretches become comfort-noise frames that FFmpeg's decoder (in VLC, mpv, and
// this converter when the file comes back) cannot read, so they play shorter, with gaps.
import { writeFile } from 'node:fs/promises';
import type { EnginePaths } from './engine-paths';
import type { EngineContext } from './engine-run';
import { fileProperty, runGstPipeline } from './gstreamer';

/** The storage format's magic number (RFC 4867, section 5): "#!AMR\n" then the frames. */
export const amrMagic = '#!AMR\n';

/** Raw 8 kHz mono PCM in, AMR-NB frames at 12.2 kbit/s (the best mode) out. */
export const amrEncoderElements = [
  'rawaudioparse',
  'format=pcm',
  'pcm-format=s16le',
  'sample-rate=8000',
  'num-channels=1',
  '!',
  'amrnbenc',
  'band-mode=MR122',
];

/** Encodes 8 kHz mono signed 16-bit PCM (made by ffmpeg) as an .amr file. */
export async function encodeAmrNb(
  config: EnginePaths,
  pcmInput: string,
  output: string,
  context: EngineContext,
): Promise<void> {
  await writeFile(output, amrMagic);
  const source = ['filesrc', fileProperty('location', pcmInput)];
  const sink = ['filesink', fileProperty('location', output), 'append=true'];
  await runGstPipeline(config, [...source, '!', ...amrEncoderElements, '!', ...sink], context);
}
