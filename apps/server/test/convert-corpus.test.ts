// Real-world files nobody here made (the shared corpus: phone photos and recordings, camera files,
// files from other tools): every output a format's page offers is made from one of that format's
// files and checked, the outputs shared out among the format's files in turn, so each file is
// converted at least once; the intentionally broken ones must be refused with a clear error, never a crash. The
// corpus lives beside the project (../shared/corpus, or CORPUS_DIR); without it this file skips.
// Long recordings are converted from their first seconds, cut by stream copy (support/corpus.ts).
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { ConverterKind } from '@grabbit/catalog';
import { describe, expect, it } from 'vitest';
import { allowedOutputs, canonicalFormat, type MediaFormat } from '../src/convert/formats';
import { corpusDir, corpusFiles, corpusInput, corpusPresent as present } from './support/corpus';
import { decodeFile, probeFile } from './support/media-probes';
import { checkImageOutput, checkMediaOutput } from './support/output-checks';
import { expectNoUploadsSoon, postConversion, useConvertApp } from './support/convert-app';

const kindByFolder: Record<string, ConverterKind> = { images: 'image', video: 'video', audio: 'audio' };
/** Corpus folders named after an extension that is not the format's own name. */
const formatByFolder: Record<string, string> = { opus: 'ogg' };

/**
 * Results whose length may differ from the source's, and why. A QuickTime edit list can hide
 * frames; stream copy into a container without edit lists (MKV, FLV) shows them again.
 */
const lengthMayDiffer: Record<string, { outputs: string[]; why: string }> = {
  'video/mov/macbook_screen_h264.mov': { outputs: ['mkv', 'flv'], why: 'an edit list hides 0.6 s of frames' },
};

/**
 * One corpus file is converted to up to nine outputs, two at a time: a 12 MP HEIC photo decodes in
 * several seconds per output on a busy two-core machine, past the suite's 60 s default.
 */
const corpusFileTimeoutMs = 180_000;

const ctx = useConvertApp('corpus', { CONVERT_CONCURRENCY: '2' });

/**
 * Converts `relative` to every output at once (the app runs two at a time) and checks each result
 * as soon as it is back, while the others still convert; fails with the first failure once all
 * are done (no conversion is left running into the next test).
 */
async function convertAndCheck(
  relative: string,
  kind: ConverterKind,
  outputs: readonly string[],
  check: (file: string, output: string) => Promise<void>,
): Promise<void> {
  const input = corpusInput(relative);
  const settled = await Promise.allSettled(
    outputs.map(async (output) => {
      const response = await postConversion(ctx.server.app, kind, input, output, {
        name: path.basename(relative),
      });
      expect(response.statusCode, `${relative} -> ${output}: ${response.body.slice(0, 300)}`).toBe(200);
      const file = path.join(ctx.dir, `${relative.replaceAll('/', '_')}.${output}`);
      await writeFile(file, response.rawPayload);
      await check(file, output);
    }),
  );
  for (const result of settled) if (result.status === 'rejected') throw result.reason;
}

/**
 * The outputs of one of a folder's files: the format's outputs dealt out to the folder's files in
 * turn. Every file of a folder converted to every output made the same muxer and encoder runs once
 * per file (half the suite's corpus time) where the file's own side (its codecs, its container's
 * quirks) is proven by any one conversion of it.
 */
function outputsOfFile(outputs: readonly string[], fileIndex: number, filesInFolder: number): string[] {
  const dealt = outputs.filter((_, index) => index % filesInFolder === fileIndex);
  const turn = fileIndex % outputs.length;
  return dealt.length ? dealt : outputs.slice(turn, turn + 1);
}

/** Paths relative to the corpus, by their folder (`video/mov`). */
function byFolder(files: string[]): Map<string, string[]> {
  const folders = new Map<string, string[]>();
  for (const relative of files) {
    const folder = path.dirname(relative);
    folders.set(folder, [...(folders.get(folder) ?? []), relative]);
  }
  return folders;
}

describe.skipIf(!present)('real-world corpus', () => {
  for (const top of Object.keys(kindByFolder)) {
    for (const [folderPath, files] of byFolder(corpusFiles(top)))
      files.forEach((relative, fileIndex) => {
        const kind = kindByFolder[top] as ConverterKind;
        const folder = path.basename(folderPath);
        const format = canonicalFormat(formatByFolder[folder] ?? folder) as MediaFormat;
        const outputs = outputsOfFile(allowedOutputs(kind, format), fileIndex, files.length);
        it(
          `${relative} to ${outputs.join(', ')}`,
          async () => {
            if (kind === 'image') {
              await convertAndCheck(relative, kind, outputs, (file, output) =>
                checkImageOutput(file, output),
              );
              return;
            }
            const sourceFile = corpusInput(relative);
            // The length as decoded: container headers can be wrong (an ASF that claims 2.6 s of 0.6 s).
            const [probe, { seconds }] = await Promise.all([probeFile(sourceFile), decodeFile(sourceFile)]);
            const audio = probe.streams.some((s) => s.codec_type === 'audio');
            await convertAndCheck(relative, kind, outputs, (file, output) => {
              const duration = lengthMayDiffer[relative]?.outputs.includes(output) ? undefined : seconds;
              return checkMediaOutput(file, output, { kind, duration, tolerance: 0.5, audio });
            });
            await expectNoUploadsSoon(ctx.server.dataDir);
          },
          corpusFileTimeoutMs,
        );
      });
  }

  for (const relative of corpusFiles('adversarial')) {
    it(`refuses ${relative} with a clear error`, async () => {
      const extension = path.extname(relative).slice(1);
      const [kind, output]: [ConverterKind, string] =
        extension === 'mkv' ? ['video', 'mp4'] : ['image', 'png'];
      const response = await postConversion(ctx.server.app, kind, path.join(corpusDir, relative), output);
      expect(response.statusCode, response.body.slice(0, 300)).toBeGreaterThanOrEqual(400);
      expect(response.statusCode).toBeLessThan(500);
      expect(response.json()).toMatchObject({ success: false, code: expect.any(String) });
      await expectNoUploadsSoon(ctx.server.dataDir);
    });
  }
});
