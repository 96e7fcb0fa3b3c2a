// 12-megapixel PNG to JPEG: the HTTP API against sharp called directly and ImageMagick `convert`,
// all three doing the same work on the same file: JPEG quality 90 with 4:2:0 chroma, no Huffman
// optimisation pass, no metadata, the output written to disk, libvips at its default concurrency in
// both processes.
import { execFile } from 'node:child_process';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { convertEndpoints } from '@grabbit/contracts';
import sharp from 'sharp';
import { loadConfig } from '../../apps/server/src/config/env';
import { sharpEncode } from '../../apps/server/src/engines/image-sharp';
import { twelveMegapixelPng } from './convert-fixtures';
import { interleaved, median, ms, spread, timed, verdict } from './convert-measure';
import { convertWithCurl, type BenchServer } from './convert-server';

const run = promisify(execFile);
const rounds = 21;
/**
 * A server in use has long compiled its request path: a fresh process runs its first dozen or so
 * conversions slower in every step (V8 still interprets the code), so the API serves this many
 * before the measured rounds, as each side's first run is left out of them.
 */
const serverWarmUps = 12;

/**
 * ImageMagick with sharp's settings: without them it would write 4:4:4 chroma at quality 90 and
 * run a second Huffman pass, a bigger file and more work than the API does.
 */
const magickJpegArgs = [
  '-strip',
  '-quality',
  '90',
  '-sampling-factor',
  '4:2:0',
  '-define',
  'jpeg:optimize-coding=false',
];

export async function imageBench(server: BenchServer, dir: string): Promise<void> {
  const png = await twelveMegapixelPng(dir);
  const config = loadConfig({ DATA_DIR: dir });
  const out = {
    api: path.join(dir, 'api.jpg'),
    sharp: path.join(dir, 'sharp.jpg'),
    magick: path.join(dir, 'magick.jpg'),
  };
  const throughApi = async () => {
    const answer = await convertWithCurl(server.base, convertEndpoints.image, png, 'jpg', out.api);
    if (answer.status !== 200) throw new Error(`PNG -> JPEG answered ${answer.status}`);
    return answer.ms;
  };
  for (let i = 0; i < serverWarmUps; i += 1) await throughApi();
  const times = await interleaved(rounds, {
    api: throughApi,
    // The server's own encode call, with the options the server passes for PNG -> JPEG.
    sharp: () =>
      timed(() =>
        sharpEncode(png, out.sharp, 'jpeg', {
          maxPixels: config.CONVERT_MAX_PIXELS,
          animated: false,
          flattenWhite: true,
          timeoutSeconds: config.CONVERT_TIMEOUT_SECONDS,
        }),
      ),
    magick: () => timed(() => run('/usr/bin/convert', [png, ...magickJpegArgs, out.magick])),
  });
  const [api, direct, magick] = [median(times.api), median(times.sharp), median(times.magick)];
  const sizes = await Promise.all(
    [out.api, out.sharp, out.magick].map(async (file) => ((await stat(file)).size / 1024).toFixed(0)),
  );
  console.info(
    `12 MP PNG (${((await stat(png)).size / 1024 ** 2).toFixed(1)} MB) -> JPEG q90, medians of ${rounds} interleaved runs, libvips concurrency ${sharp.concurrency()}:`,
  );
  console.info(
    `  API ${spread(times.api)}; sharp direct ${spread(times.sharp)}; ImageMagick ${spread(times.magick)}`,
  );
  console.info(`  JPEG sizes: API ${sizes[0]} KB, sharp ${sizes[1]} KB, ImageMagick ${sizes[2]} KB`);
  console.info(
    `  API / sharp = ${(api / direct).toFixed(2)} (target <= 1.3) ${verdict(api / direct <= 1.3)}`,
  );
  console.info(
    `  ImageMagick / API = ${(magick / api).toFixed(1)}x faster (target >= 3) ${verdict(magick / api >= 3)} [API ${ms(api)}]`,
  );
}
