// One file per chapter: the finished file cut at each chapter, streams copied (no re-encode: a
// video chapter starts at its first keyframe at or after the chapter's start, as ffmpeg's copy
// does; sound is cut where asked), the file's tags kept with the chapter's title and number.
import path from 'node:path';
import type { EngineContext } from '../engines/engine-run';
import type { EnginePaths } from '../engines/engine-paths';
import { downloadDemuxers } from '../engines/ffmpeg-demuxers';
import { probeChapters } from '../engines/ffprobe-chapters';
import type { Chapter, EncodePlan } from './encode-plan';
import { copied } from './encoders';
import type { ContainerTarget } from './output-targets';
import { runFfmpegPlan } from './run-plan';

/** The plan of one chapter of a finished file of this target. */
function chapterPlan(target: ContainerTarget, chapter: Chapter, index: number, count: number): EncodePlan {
  return {
    cut: { start: chapter.start, end: chapter.end },
    metadata: 'keep',
    tags: { title: chapter.title, track: `${index + 1}/${count}` },
    without: target.kind === 'audio' ? ['video', 'subtitles', 'data'] : ['subtitles', 'data'],
    ...(target.kind === 'video' ? { video: { map: '0:V:0?', encoding: copied } } : {}),
    audio: { map: '0:a:0?', encoding: copied },
    fastStart: target.container.isoMedia,
    muxer: target.muxer,
  };
}

/** The site's chapters, else the file's own (titled by number when they have none). */
export async function chaptersToSplit(
  engines: EnginePaths,
  file: string,
  siteChapters: readonly Chapter[],
  context: EngineContext,
): Promise<Chapter[]> {
  if (siteChapters.length) return [...siteChapters];
  const own = await probeChapters(engines, file, undefined, context, downloadDemuxers);
  return own
    .filter((c) => Number.isFinite(c.start) && Number.isFinite(c.end) && c.end > c.start)
    .map((c, i) => ({ start: c.start, end: c.end, title: c.title ?? `Chapter ${i + 1}` }));
}

/** Cuts `file` into one file per chapter in `dir`, in order; returns their paths. */
export async function splitIntoChapters(
  engines: EnginePaths,
  file: string,
  target: ContainerTarget,
  chapters: readonly Chapter[],
  context: EngineContext,
  onProgress: (fraction: number) => void,
): Promise<string[]> {
  const outputs: string[] = [];
  for (const [index, chapter] of chapters.entries()) {
    const output = path.join(path.dirname(file), `chapter-${index + 1}.${target.extension}`);
    await runFfmpegPlan(
      engines,
      {
        input: file,
        demuxer: undefined,
        allowedDemuxers: downloadDemuxers,
        plan: chapterPlan(target, chapter, index, chapters.length),
        output,
      },
      context,
    );
    outputs.push(output);
    onProgress((index + 1) / chapters.length);
  }
  return outputs;
}
