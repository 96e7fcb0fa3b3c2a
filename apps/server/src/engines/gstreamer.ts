// GStreamer runs the AMR-NB codec of libopencore-amrnb, which Debian's ffmpeg lacks as an encoder
// and only half has as a decoder (no DTX frames). Pipelines are spelled out element by element:
// nothing is chosen by GStreamer's own guessing (no decodebin), so an upload reaches only the
// parser and decoder named here.
import path from 'node:path';
import type { EnginePaths } from './engine-paths';
import { engineEnv } from './engine-env';
import { runEngine, type EngineContext } from './engine-run';

/** GStreamer keeps its plugin list in a cache; one in the data folder is scanned once. */
export function gstreamerEnv(config: EnginePaths): NodeJS.ProcessEnv {
  return engineEnv({ GST_REGISTRY: path.resolve(config.DATA_DIR, 'gstreamer-registry.bin') });
}

/** A file path as one pipeline property value (our workspace paths hold no quotes). */
export const fileProperty = (name: string, file: string) => `${name}="${file}"`;

/** `gst-launch-1.0 -q` with the pipeline's elements and links ('!') as separate arguments. */
export async function runGstPipeline(
  config: EnginePaths,
  pipeline: string[],
  context: EngineContext,
): Promise<void> {
  await runEngine(
    'gstreamer',
    { command: config.GST_LAUNCH_PATH, args: ['-q', ...pipeline], env: gstreamerEnv(config) },
    context,
  );
}
