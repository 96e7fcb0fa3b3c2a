// Preview benchmarks: the info call on a fresh link (the compiled server, as `npm start` runs it)
// vs the same yt-dlp with the same arguments alone on the same link (budget: ratio <= 1.1), and
// the cached repeat (budget: under 50 ms).
// API timings are curl's own time_total, a client in its own process as a browser is.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { apiPath, apiRoutes } from '@grabbit/contracts';
import { startFixtureSite } from '../../apps/server/test/support/fixture-site';
import { startServer } from './convert-server';
import { infoArgsAlone, runYtDlpAlone } from './engine-alone';
import { median, ms, spread, verdict } from './stats';

// Fifteen interleaved runs: a shared machine makes single yt-dlp starts vary by hundreds of ms, and
// the medians of nine moved by a tenth from one run of the benchmark to the next.
const runs = 15;
const run = promisify(execFile);

/** The server's own yt-dlp with the server's preview arguments, straight to the site. */
async function ytDlpJson(testHost: string, url: string): Promise<number> {
  return runYtDlpAlone(testHost, await infoArgsAlone(testHost, url));
}

async function infoThroughApi(origin: string, url: string): Promise<number> {
  const { stdout } = await run('curl', [
    ...['--silent', '--show-error', '--output', '/dev/null', '--write-out', '%{http_code} %{time_total}'],
    ...['--header', 'content-type: application/json', '--data', JSON.stringify({ url })],
    `${origin}${apiPath(apiRoutes.downloadInfo, { platform: 'youtube' })}`,
  ]);
  const [status, seconds] = stdout.trim().split(' ').map(Number);
  if (status !== 200) throw new Error(`API answered ${status}`);
  return (seconds ?? NaN) * 1000;
}

export async function runInfoBenchmarks(): Promise<void> {
  console.info('\n== Preview info');
  const site = await startFixtureSite({ preview: true });
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'grabbit-bench-info-'));
  const server = await startServer(dataDir, { NODE_ENV: 'test', MEDIA_TEST_HOSTS: site.host });
  try {
    // Each run asks a link the cache has not seen (the query string differs, the page is the same).
    const link = (n: number) => site.url(`/preview/clip.html?run=${n}`);
    // Both sides warmed once: Python's imports and the disk cache, and the server's first checks of
    // its engines (their versions, asked at the first job).
    await ytDlpJson(site.host, link(0));
    await infoThroughApi(server.base, link(0));
    const alone: number[] = [];
    const api: number[] = [];
    // The order turns each run: the side that runs right after the other pays for its wind-down.
    for (let i = 1; i <= runs; i += 1) {
      if (i % 2) alone.push(await ytDlpJson(site.host, link(i)));
      api.push(await infoThroughApi(server.base, link(i)));
      if (!(i % 2)) alone.push(await ytDlpJson(site.host, link(i)));
    }
    const cached: number[] = [];
    for (let i = 1; i <= runs; i += 1) cached.push(await infoThroughApi(server.base, link(i)));
    const ratio = median(api) / median(alone);
    console.info(
      `HLS page with 3 renditions, median of ${runs} interleaved runs: the server's yt-dlp -J alone ${ms(median(alone))} (${spread(alone)}), info through the API ${ms(median(api))} (${spread(api)})`,
    );
    console.info(
      `  preview ratio API / yt-dlp alone: ${ratio.toFixed(3)} (budget 1.1) ${verdict(ratio <= 1.1)}`,
    );
    const repeat = median(cached);
    console.info(`  cached repeat: ${ms(repeat)} (budget 50 ms) ${verdict(repeat < 50)}`);
  } finally {
    await server.stop();
    await site.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
