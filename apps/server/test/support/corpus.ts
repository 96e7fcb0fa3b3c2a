// The shared real-world corpus (../shared/corpus beside the project, or CORPUS_DIR) and its long
// recordings cut short: a long file costs its seconds in every output it is converted to, while its
// codecs and container are what the corpus run is about. The cuts are made by stream copy (the
// same codec data, no encoding), once, into .cache/corpus-cuts, by the integration set-up.
import { execFile } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const repoRoot = path.resolve(import.meta.dirname, '../../../..');

export const corpusDir = process.env.CORPUS_DIR ?? path.resolve(repoRoot, '../shared/corpus');
export const corpusPresent = existsSync(path.join(corpusDir, 'MANIFEST.md'));
const cutsDir = path.join(repoRoot, '.cache/corpus-cuts');
/** Says which corpus the cuts were made from (its manifest's size and time). */
const readyMark = path.join(cutsDir, 'made-from');

/** Recordings longer than this are cut to `cutSeconds`. */
const longSeconds = 6;
const cutSeconds = 4;
const recordingFolders = ['video', 'audio'];

/** Every file under the corpus folder `top`, as paths relative to the corpus. */
export function corpusFiles(top: string): string[] {
  if (!corpusPresent) return [];
  return readdirSync(path.join(corpusDir, top), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(corpusDir, path.join(entry.parentPath, entry.name)))
    .sort();
}

/** The file a test converts: the cut copy of a long recording, else the corpus file itself. */
export function corpusInput(relative: string): string {
  const cut = path.join(cutsDir, relative);
  return existsSync(cut) ? cut : path.join(corpusDir, relative);
}

async function seconds(file: string): Promise<number> {
  const args = ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', file];
  return Number((await run('ffprobe', args)).stdout.trim()) || 0;
}

/** Cuts every long recording of the corpus (skipped when the cuts of this corpus exist). */
export async function cutLongRecordings(): Promise<void> {
  if (!corpusPresent) return;
  const manifest = await stat(path.join(corpusDir, 'MANIFEST.md'));
  const mark = `${manifest.size} ${manifest.mtimeMs}`;
  if ((await readFile(readyMark, 'utf8').catch(() => '')) === mark) return;
  for (const relative of recordingFolders.flatMap(corpusFiles)) {
    const source = path.join(corpusDir, relative);
    if ((await seconds(source)) <= longSeconds) continue;
    const cut = path.join(cutsDir, relative);
    await mkdir(path.dirname(cut), { recursive: true });
    const copy = ['-map', '0', '-c', 'copy', '-t', String(cutSeconds)];
    await run('ffmpeg', ['-v', 'error', '-y', '-i', source, ...copy, cut]);
  }
  await writeFile(readyMark, mark);
}
