// ImageMagick calls. The project's own policy (apps/server/policy/policy.xml) is put in force for
// every call, temporary pixel caches stay in the job folder, and inputs always carry an explicit
// coder prefix (png:, tga:...) so ImageMagick never guesses a format from the content.
import path from 'node:path';
import type { EnginePaths } from './engine-paths';
import { engineEnv } from './engine-env';
import { runEngine, type EngineContext } from './engine-run';

export const magickPolicyDir = path.resolve(import.meta.dirname, '../../policy');

export function magickEnv(workDir: string): NodeJS.ProcessEnv {
  return engineEnv({ MAGICK_CONFIGURE_PATH: magickPolicyDir, MAGICK_TEMPORARY_PATH: workDir });
}

export async function runMagick(
  config: EnginePaths,
  args: readonly string[],
  context: EngineContext,
): Promise<string> {
  const result = await runEngine(
    'imagemagick',
    { command: config.MAGICK_PATH, args, env: magickEnv(context.workDir) },
    context,
  );
  return result.stdout;
}

export interface MagickFrame {
  format: string;
  width: number;
  height: number;
}

/** Reads only the headers (-ping) of every frame: format and size, without decoding pixels. */
export async function pingFrames(
  config: EnginePaths,
  coderPath: string,
  context: EngineContext,
): Promise<MagickFrame[]> {
  const output = await runMagick(config, ['-ping', coderPath, '-format', '%m %w %h\\n', 'info:'], context);
  return output
    .split('\n')
    .map((line) => line.trim().split(' '))
    .filter((parts) => parts.length === 3)
    .map(([format, width, height]) => ({
      format: format ?? '',
      width: Number(width),
      height: Number(height),
    }));
}
