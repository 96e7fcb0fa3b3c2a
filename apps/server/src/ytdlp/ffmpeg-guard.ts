// yt-dlp's own ffmpeg and ffprobe runs (merging video and audio, section downloads, fix-ups and
// probes) go through the project's guard script (apps/server/engines/ffmpeg-guard): it puts the
// same protocol and demuxer allow-lists on every input as the server's own calls, and refuses any
// input that is neither a local file nor an http(s) link, before a connection is made.
import path from 'node:path';
import type { EnginePaths } from '../engines/engine-paths';
import { downloadDemuxers, networkDemuxers } from '../engines/ffmpeg-demuxers';
import { runCommand } from '../engines/run-command';

/** The folder holding the guard's `ffmpeg` and `ffprobe`: yt-dlp's --ffmpeg-location. */
export const ffmpegGuardDir = path.resolve(import.meta.dirname, '../../engines/ffmpeg-guard');

/** The words the guard prints when it refuses an input (mapped to URL_NOT_ALLOWED). */
export const guardRefusalMarker = 'grabbit-ffmpeg-guard: URL_NOT_ALLOWED';

export const ffmpegGuardArgs = (): string[] => ['--ffmpeg-location', ffmpegGuardDir];

const featureAnswers = new Map<string, Promise<string | undefined>>();

/**
 * What an engine answers to `-bsfs` (its version banner, then its bitstream filters, as yt-dlp
 * reads them: standard error first), asked once per binary. yt-dlp asks it of ffmpeg and ffprobe
 * at the start of every run to learn their versions and features; an engine start costs about as
 * much as reading a preview's page, so the guard gives this answer instead (undefined when the
 * engine could not answer: the guard then runs it).
 */
export function engineFeatureAnswer(binary: string): Promise<string | undefined> {
  let answer = featureAnswers.get(binary);
  if (!answer) {
    answer = runCommand(binary, ['-bsfs'], { timeoutMs: 30_000, yieldsCpu: false }).then(
      (result) => (result.code === 0 ? result.stderr + result.stdout : undefined),
      () => undefined,
    );
    featureAnswers.set(binary, answer);
  }
  return answer;
}

/**
 * The guard's settings: the real engines and the lists (the guard runs nothing without them), and
 * the engines' answers to yt-dlp's feature question.
 */
export async function ffmpegGuardEnv(config: EnginePaths): Promise<Record<string, string>> {
  const [ffmpegAnswer, ffprobeAnswer] = await Promise.all([
    engineFeatureAnswer(config.FFMPEG_PATH),
    engineFeatureAnswer(config.FFPROBE_PATH),
  ]);
  return {
    GRABBIT_GUARD_FFMPEG: config.FFMPEG_PATH,
    GRABBIT_GUARD_FFPROBE: config.FFPROBE_PATH,
    GRABBIT_GUARD_LOCAL_FORMATS: downloadDemuxers.join(','),
    GRABBIT_GUARD_NETWORK_FORMATS: networkDemuxers.join(','),
    GRABBIT_GUARD_MAX_PIXELS: String(config.CONVERT_MAX_PIXELS),
    ...(ffmpegAnswer ? { GRABBIT_GUARD_FFMPEG_BSFS: ffmpegAnswer } : {}),
    ...(ffprobeAnswer ? { GRABBIT_GUARD_FFPROBE_BSFS: ffprobeAnswer } : {}),
  };
}
