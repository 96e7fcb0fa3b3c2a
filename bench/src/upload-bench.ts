// Resumable uploads: 1 GB sent through tus (tus-js-client, 50 MB chunks, then converted by id) and
// as one multipart conversion, to the real server in its own process. Both end the same way (the
// bytes are arbitrary, so the converter answers 415 once it looks at them): the time is the upload's
// and the hand-over's. Prints each time, their ratio (tus within 1.2x) and the server's memory growth
// during the tus upload (under 100 MB: chunks stream to disk, never whole in memory).
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { convertEndpoints, maxChunkBytes } from '@grabbit/contracts';
import { finish, idOf, tusUpload, writeBytes } from '../../apps/server/test/support/resumable-client';
import { convertOverHttp, rssOf, startServer } from './convert-server';
import { interleaved, median, spread, verdict } from './convert-measure';
import { settleWrites } from './disk';

const uploadBytes = 1_000_000_000;
/** Counted rounds of each side (after one warm-up round). */
const rounds = 5;

/** Runs `work` while sampling the server's resident memory: its time and peak growth. */
async function measured(pid: number, work: () => Promise<unknown>): Promise<{ ms: number; growth: number }> {
  const baseline = await rssOf(pid);
  let peak = baseline;
  const timer = setInterval(() => {
    void rssOf(pid).then(
      (rss) => (peak = Math.max(peak, rss)),
      () => undefined,
    );
  }, 100);
  const started = performance.now();
  try {
    await work();
  } finally {
    clearInterval(timer);
  }
  return { ms: performance.now() - started, growth: Math.max(0, peak - baseline) };
}

/** POST /api/convert/video with UploadId (fields only); answers the status. */
async function convertById(base: string, uploadId: string): Promise<number> {
  const form = new FormData();
  form.append('OutputFormat', 'webm');
  form.append('UploadId', uploadId);
  const answer = await fetch(`${base}${convertEndpoints.video}`, { method: 'POST', body: form });
  await answer.arrayBuffer();
  return answer.status;
}

const mb = (bytes: number) => `${(bytes / 1024 ** 2).toFixed(1)} MB`;

export async function runUploadBenchmarks(): Promise<void> {
  console.info('\n== Resumable uploads (tus) vs one multipart upload, 1 GB');
  const dir = await mkdtemp(path.join(os.tmpdir(), 'grabbit-bench-upload-'));
  const server = await startServer(path.join(dir, 'data'));
  try {
    const { file } = await writeBytes(dir, 'one-gigabyte.bin', uploadBytes);
    const growths: number[] = [];
    const run = async (work: () => Promise<void>, growth?: number[]) => {
      await settleWrites();
      const result = await measured(server.pid, work);
      growth?.push(result.growth);
      return result.ms;
    };
    // tus first: its first (warm-up) run starts from the idle server, so its growth is the whole of it.
    const times = await interleaved(rounds, {
      tus: async () => {
        let url = '';
        const ms = await run(async () => {
          url = await finish(tusUpload(server.base, file, { chunkSize: maxChunkBytes }));
          const status = await convertById(server.base, idOf(url));
          if (status !== 415) throw new Error(`the conversion by id answered ${status}`);
        }, growths);
        // A refused upload stays for another try: its owner removes it (tus termination), or by the
        // third gigabyte the client would hold more open than UPLOADS_MAX_OPEN_BYTES_PER_CLIENT.
        const removed = await fetch(url, { method: 'DELETE', headers: { 'tus-resumable': '1.0.0' } });
        if (removed.status !== 204) throw new Error(`removing the upload answered ${removed.status}`);
        return ms;
      },
      multipart: () =>
        run(async () => {
          const answer = await convertOverHttp(server.base, convertEndpoints.video, file, 'webm');
          if (answer.status !== 415) throw new Error(`the multipart upload answered ${answer.status}`);
        }),
    });
    const ratio = median(times.tus) / median(times.multipart);
    const growth = Math.max(...growths);
    console.info(`  multipart upload:        ${spread(times.multipart)}`);
    console.info(`  tus, 50 MB chunks:       ${spread(times.tus)}`);
    console.info(
      `  tus / multipart time:    ${ratio.toFixed(2)}x (target: at most 1.2x) ${verdict(ratio <= 1.2)}`,
    );
    console.info(
      `  tus server memory growth: ${mb(growth)} at most (target: under 100 MB) ${verdict(growth < 100 * 1024 ** 2)}`,
    );
  } finally {
    await server.stop();
    await rm(dir, { recursive: true, force: true });
  }
}
