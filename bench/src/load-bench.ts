// Load: 200 connections on /health and /api/config (autocannon) while the download and conversion
// pools are saturated, against the real server in its own process with the production limits.
// Budget: p99 under 200 ms, and no error other than 429 (one address sends everything, so the API
// budget answers most /api/config calls with 429; /health is never limited). The pools are kept
// full by an operator's unlimited API key, as a partner's batch would.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { convertEndpoints } from '@grabbit/contracts';
import { startFixtureSite } from '../../apps/server/test/support/fixture-site';
import { makeVideo } from '../../apps/server/test/support/media-fixtures';
import { startServer } from '../../e2e/support/server';

const connections = 200;
const durationSeconds = 15;
const operatorKey = 'bench-operator-key-0123456789';

/** Runs `job` again and again, `parallel` at a time, until stopped; counts the successful runs. */
function keepBusy(parallel: number, job: () => Promise<Response>): { stop: () => Promise<number> } {
  let running = true;
  let finished = 0;
  const loops = Array.from({ length: parallel }, async () => {
    while (running) {
      const answer = await job().catch(() => undefined);
      await answer?.arrayBuffer();
      if (answer?.ok) finished += 1;
      // A refused job (it should not be) must not turn the loop into a flood.
      else await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  });
  return {
    stop: async () => {
      running = false;
      await Promise.all(loops);
      return finished;
    },
  };
}

export async function runLoadBenchmarks(): Promise<void> {
  console.info('\n== Load (public limits on, pools saturated)');
  const dir = mkdtempSync(path.join(os.tmpdir(), 'grabbit-bench-load-'));
  const site = await startFixtureSite({ bigMegabytes: 5 });
  const keysFile = path.join(dir, 'keys.json');
  writeFileSync(keysFile, JSON.stringify({ [operatorKey]: { name: 'bench operator', unlimited: true } }));
  const video = await makeVideo(dir, 'clip.mp4', { seconds: 20, width: 640, height: 360 });
  const server = await startServer({
    env: {
      MEDIA_TEST_HOSTS: site.host,
      API_KEYS_FILE: keysFile,
      // The production defaults (the e2e helper raises them for browser tests).
      RATE_LIMIT_API_PER_MINUTE: '60',
      RATE_LIMIT_JOBS_PER_MINUTE: '10',
      RATE_LIMIT_HUB_PER_MINUTE: '30',
      MAX_ACTIVE_JOBS_PER_CLIENT: '3',
    },
  });
  const auth = { authorization: `Bearer ${operatorKey}` };
  const download = () =>
    fetch(`${server.url}/api/download/youtube`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      // About 80 s at the fixture's 64 KB/s: each download holds its slot for the whole run.
      body: JSON.stringify({ url: site.url('/throttle/big.mp4'), directDownload: true }),
    });
  const clip = new Blob([readFileSync(video)], { type: 'video/mp4' });
  const convert = () => {
    const form = new FormData();
    form.append('OutputFormat', 'webm');
    form.append('InputFile', clip, 'clip.mp4');
    return fetch(`${server.url}${convertEndpoints.video}`, {
      method: 'POST',
      headers: auth,
      body: form,
    });
  };
  // One more than each pool runs, so a job always waits in each queue.
  const downloads = keepBusy(3, download);
  const conversions = keepBusy(3, convert);
  try {
    await new Promise((resolve) => setTimeout(resolve, 3000));
    const result = await autocannon({
      url: server.url,
      connections,
      duration: durationSeconds,
      // Its own thread: the fixture site and the job uploads keep this process's loop busy.
      workers: 1,
      requests: [{ path: '/health' }, { path: '/api/config' }],
    });
    const codes = Object.fromEntries(
      Object.entries(result.statusCodeStats ?? {}).map(([code, stats]) => [code, stats.count ?? 0]),
    );
    const unexpected = Object.entries(codes)
      .filter(([code]) => code !== '200' && code !== '429')
      .reduce((sum, [, count]) => sum + count, result.errors); // errors include timeouts
    console.info(
      `${connections} connections, ${durationSeconds} s, /health + /api/config: ${result.requests.total} requests, ` +
        `p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms (budget 200 ms) ${result.latency.p99 < 200 ? 'OK' : 'OVER BUDGET'}`,
    );
    console.info(
      `  answers ${JSON.stringify(codes)}, errors ${result.errors} (of which timeouts ${result.timeouts}); ` +
        `errors other than 429: ${unexpected} ${unexpected === 0 ? 'OK' : 'FAILED'}`,
    );
  } finally {
    const [downloaded, converted] = await Promise.all([downloads.stop(), conversions.stop()]);
    console.info(`  meanwhile: ${downloaded} downloads and ${converted} conversions completed`);
    await server.stop();
    await site.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
