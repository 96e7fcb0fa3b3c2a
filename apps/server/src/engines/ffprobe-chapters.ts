// A finished file's own chapters (ffprobe, with the same input restrictions as every other call):
// read only when the visitor asks one file per chapter and the site named none.
import type { EnginePaths } from './engine-paths';
import { runEngine, type EngineContext } from './engine-run';
import { safeInputArgs, type DownloadDemuxer, type SafeDemuxer } from './ffmpeg-demuxers';

interface FileChapter {
  start: number;
  end: number;
  title?: string;
}

interface RawChapters {
  chapters?: { start_time?: string; end_time?: string; tags?: { title?: string } }[];
}

export async function probeChapters(
  config: EnginePaths,
  file: string,
  demuxer: SafeDemuxer | DownloadDemuxer | undefined,
  context: EngineContext,
  allowedDemuxers: readonly string[],
): Promise<FileChapter[]> {
  const args = [
    ...['-v', 'error', ...safeInputArgs(demuxer, config.CONVERT_MAX_PIXELS, allowedDemuxers)],
    ...['-show_chapters', '-of', 'json', `file:${file}`],
  ];
  const result = await runEngine('ffprobe', { command: config.FFPROBE_PATH, args }, context);
  const raw = JSON.parse(result.stdout) as RawChapters;
  return (raw.chapters ?? []).map((c) => ({
    start: Number(c.start_time),
    end: Number(c.end_time),
    ...(c.tags?.title ? { title: c.tags.title } : {}),
  }));
}
