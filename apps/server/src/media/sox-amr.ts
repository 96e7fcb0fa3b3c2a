// AMR-NB encoding: Debian's ffmpeg has no AMR encoder, sox with libopencore-amrnb has one.
// The input is a WAV that ffmpeg already made 8 kHz mono (the only rate AMR-NB takes).
import type { Config } from '../config/env';
import { runEngine, type EngineContext } from '../convert/engine-run';

/** 12.2 kbit/s, the best AMR-NB mode. */
const amrModeBest = '7';

export async function encodeAmrNb(
  config: Config,
  wavInput: string,
  output: string,
  context: EngineContext,
): Promise<void> {
  const args = ['-q', '-t', 'wav', wavInput, '-t', 'amr-nb', '-C', amrModeBest, output];
  await runEngine('sox', { command: config.SOX_PATH, args }, context);
}
