// yt-dlp's own ffmpeg and ffprobe runs (merging video and audio, section downloads, fix-ups and
// probes) go through the project's guard script (apps/server/engines/ffmpeg-guard): it puts the
// same protocol and demuxer allow-lists on every input as the server's own calls, and refuses any
// input that is neither a local file nor an http(s) link, before a connection is made.
import path from 'node:path';
import type { EnginePaths } from '../engine-paths';
import { downloadDemuxers, networkDemuxers } from '../ffmpeg-demuxers';

/** The folder holding the guard's `ffmpeg` and `ffprobe`: yt-dlp's --ffmpeg-location. */
export const ffmpegGuardDir = path.resolve(import.meta.dirname, '../../../engines/ffmpeg-guard');

/** The words the guard prints when it refuses an input (mapped to URL_NOT_ALLOWED). */
export const guardRefusalMarker = 'grabbit-ffmpeg-guard: URL_NOT_ALLOWED';

export const ffmpegGuardArgs = (): string[] => ['--ffmpeg-location', ffmpegGuardDir];

/** The guard's settings: the real engines and the lists (the guard runs nothing without them). */
export function ffmpegGuardEnv(config: EnginePaths): Record<string, string> {
  return {
    GRABBIT_GUARD_FFMPEG: config.FFMPEG_PATH,
    GRABBIT_GUARD_FFPROBE: config.FFPROBE_PATH,
    GRABBIT_GUARD_LOCAL_FORMATS: downloadDemuxers.join(','),
    GRABBIT_GUARD_NETWORK_FORMATS: networkDemuxers.join(','),
    GRABBIT_GUARD_MAX_PIXELS: String(config.CONVERT_MAX_PIXELS),
  };
}
