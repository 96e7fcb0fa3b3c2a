// Scaled-mode conversions: 20 small conversions (1 s 320x240 H.264 clips to WebM) posted at once
// to an API node (START_WORKER=false) of real processes, on a real redis-server and an
// S3-compatible server (s3rver): first with 1 worker process, then with 2, in the same run.
// Each worker runs one conversion at a time (CONVERT_CONCURRENCY=1), so the number of workers is
// the capacity being compared. Prints jobs per minute for both and their ratio.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { convertEndpoints } from '@grabbit/contracts';
import { multipartForm } from '../../apps/server/test/support/convert-app';
import { startRedis } from '../../apps/server/test/support/redis-server';
import { startS3 } from '../../apps/server/test/support/s3-server';
import {
  startApiProcess,
  startWorkerProcess,
  type NodeProcess,
} from '../../apps/server/test/support/scaled-processes';
import { h264Clip } from './convert-fixtures';
import { ms } from './convert-measure';

const conversions = 20;

/** Posts every conversion at once; answers the wall time until the last file arrived. */
async function convertAll(origin: string, clip: Buffer): Promise<number> {
  const started = performance.now();
  await Promise.all(
    Array.from({ length: conversions }, async (_, index) => {
      const form = multipartForm({ OutputFormat: 'webm' }, `clip-${index}.mp4`, clip);
      const response = await fetch(`${origin}${convertEndpoints.video}`, {
        method: 'POST',
        headers: form.headers,
        body: form.payload,
      });
      const body = Buffer.from(await response.arrayBuffer());
      if (response.status !== 200 || body.length === 0)
        throw new Error(`conversion ${index} answered ${response.status}: ${body.toString().slice(0, 200)}`);
    }),
  );
  return performance.now() - started;
}

const perMinute = (elapsedMs: number) => (conversions * 60_000) / elapsedMs;

export async function runScaledConvertBenchmarks(): Promise<void> {
  console.info('\n== Scaled-mode conversions (redis-server, s3rver, real API and worker processes)');
  const dir = await mkdtemp(path.join(os.tmpdir(), 'grabbit-bench-scaled-convert-'));
  const [redis, s3] = await Promise.all([startRedis(), startS3()]);
  const processes: NodeProcess[] = [];
  try {
    const env = {
      REDIS_URL: redis.url,
      ...s3.env(),
      DATA_DIR: path.join(dir, 'data'),
      CONVERT_CONCURRENCY: '1',
    };
    const clip = await readFile(await h264Clip(dir, 'clip.mp4', 1, '320x240'));
    const api = await startApiProcess('api', env);
    processes.push(api);
    processes.push(await startWorkerProcess('worker-1', env));
    // One uncounted conversion: first-run costs (module loading, file cache) are not the queue's.
    await convertAll(api.origin, clip);
    const one = await convertAll(api.origin, clip);
    processes.push(await startWorkerProcess('worker-2', env));
    const two = await convertAll(api.origin, clip);
    console.info(
      `${conversions} conversions (1 s 320x240 MP4 to WebM), 1 worker: ${ms(one)}, ${perMinute(one).toFixed(0)} jobs/min`,
    );
    console.info(
      `${conversions} conversions, 2 workers: ${ms(two)}, ${perMinute(two).toFixed(0)} jobs/min (x${(one / two).toFixed(2)} of 1 worker)`,
    );
  } finally {
    await Promise.all(processes.map((process) => process.stop()));
    await Promise.all([redis.close(), s3.close()]);
    await rm(dir, { recursive: true, force: true });
  }
}
