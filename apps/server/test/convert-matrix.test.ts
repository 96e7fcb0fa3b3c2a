// The whole format matrix: for every converter page, a tiny fixture of its input format converted
// to every output the page offers, each result checked with ffprobe or ImageMagick. A page whose
// input format the real-world corpus holds is skipped when the corpus is there: convert-corpus
// converts those files to every output of the same page, the same engine runs on real files.
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { converterPages, type ConverterPage } from '@grabbit/catalog';
import { describe, expect, it } from 'vitest';
import { makeAudio, makeImage, makeVideo } from './support/media-fixtures';
import { checkImageOutput, checkMediaOutput } from './support/output-checks';
import { corpusFiles } from './support/corpus';
import { expectNoUploadsSoon, postConversion, useConvertApp } from './support/convert-app';

const ctx = useConvertApp('matrix', { CONVERT_CONCURRENCY: '2' });

const corpusFolders = { image: 'images', video: 'video', audio: 'audio' } as const;

/** Whether the corpus holds files of the page's input format (its folder is named after it). */
const inCorpus = (page: ConverterPage) =>
  corpusFiles(corpusFolders[page.kind]).some((file) => file.split('/')[1] === page.inputs[0]);

async function fixtureFor(page: ConverterPage): Promise<string> {
  const extension = page.inputs[0] ?? page.id;
  const name = `${page.id}-input.${extension}`;
  if (page.kind === 'image') return makeImage(ctx.dir, name);
  if (page.kind === 'video') return makeVideo(ctx.dir, name);
  return makeAudio(ctx.dir, name);
}

describe('format matrix', () => {
  for (const page of converterPages) {
    it.skipIf(inCorpus(page))(
      `${page.id}-converter: ${page.inputs[0]} to ${page.outputs.join(', ')}`,
      async () => {
        const input = await fixtureFor(page);
        const results = await Promise.all(
          page.outputs.map(async (output) => {
            const response = await postConversion(ctx.server.app, page.kind, input, output);
            expect(response.statusCode, `${page.id} -> ${output}: ${response.body.slice(0, 200)}`).toBe(200);
            const file = path.join(ctx.dir, `${page.id}-to-${output}.${output}`);
            await writeFile(file, response.rawPayload);
            return { output, file };
          }),
        );
        for (const { output, file } of results) {
          if (page.kind === 'image') await checkImageOutput(file, output, { width: 64, height: 48 });
          else await checkMediaOutput(file, output, { kind: page.kind, duration: 1.1, audio: true });
        }
        await expectNoUploadsSoon(ctx.server.dataDir);
      },
    );
  }
});
