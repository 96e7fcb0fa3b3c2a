// "One file per chapter": the finished file cut at its chapters (the site's, else its own) and
// zipped with the one zip builder, each entry named in order by its chapter's title. A file
// without chapters stays one file.
import { createReadStream, createWriteStream } from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { EngineContext } from '../engines/engine-run';
import type { EnginePaths } from '../engines/engine-paths';
import { chaptersToSplit, splitIntoChapters } from '../encode/chapter-split';
import type { Chapter } from '../encode/encode-plan';
import type { ContainerTarget } from '../encode/output-targets';
import { fileNameFor } from './file-names';
import { zipObjects } from './zip';

/** The zip of the chapters beside `file`, or undefined when the file has fewer than two. */
export async function chapterZip(
  engines: EnginePaths,
  file: string,
  target: ContainerTarget,
  siteChapters: readonly Chapter[],
  context: EngineContext,
  onProgress: (fraction: number) => void,
): Promise<string | undefined> {
  const chapters = await chaptersToSplit(engines, file, siteChapters, context);
  if (chapters.length < 2) return undefined;
  const parts = await splitIntoChapters(engines, file, target, chapters, context, onProgress);
  const digits = Math.max(2, String(parts.length).length);
  const archive = await zipObjects(
    parts.map((part, i) => ({
      fileName: fileNameFor(
        `${String(i + 1).padStart(digits, '0')} ${chapters[i]?.title ?? ''}`,
        target.extension,
      ),
      open: () => Promise.resolve(createReadStream(part)),
    })),
  );
  const zip = path.join(path.dirname(file), 'chapters.zip');
  await pipeline(archive, createWriteStream(zip));
  return zip;
}
