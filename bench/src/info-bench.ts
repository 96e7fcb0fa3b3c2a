// Preview benchmarks (issue 13): POST /api/download/{platform}/info on a fresh link vs `yt-dlp -J`
// alone on the same link with the same arguments (budget: ratio <= 1.1), and the cached repeat
// (budget: under 50 ms).
// API timings are curl's own time_total, a client in its own process as a browser is.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { platformById } from '@grabbit/catalog';
import { buildInfoArgs } from '../../apps/server/src/media/ytdlp/args';
import { startTestApp } from '../../apps/server/test/support/download-app';
import { startFixtureSite } from '../../apps/server/test/support/fixture-site';

// Nine interleaved runs: a shared machine makes single yt-dlp starts vary by hundreds of ms.
const runs = 9;
const run = promisify(execFile);
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;
const ms = (value: number) => `${value.toFixed(1)} ms`;

/** yt-dlp alone with the arguments the server gives it for this page's platform (same extraction). */
async function ytDlpJson(url: string, testHost: boolean): Promise<number> {
  const platform = platformById('youtube');
  if (!platform) throw new Error('no youtube platform');
  const limits = { maxBytes: 1, maxDurationSeconds: 1 };
  // Alone means straight to the site: the server's egress proxy is part of what the API costs.
  const guarded = buildInfoArgs({
    platform,
    allowGeneric: testHost,
    ...limits,
    proxyUrl: '-',
    url,
    mode: 'single',
  });
  const args = guarded.filter((arg, i) => arg !== '--proxy' && guarded[i - 1] !== '--proxy');
  const started = performance.now();
  await run('yt-dlp', args, { maxBuffer: 64 * 1024 * 1024 });
  return performance.now() - started;
}

async function infoThroughApi(origin: string, url: string): Promise<number> {
  const { stdout } = await run('curl', [
    ...['--silent', '--show-error', '--output', '/dev/null', '--write-out', '%{http_code} %{time_total}'],
    ...['--header', 'content-type: application/json', '--data', JSON.stringify({ url })],
    `${origin}/api/download/youtube/info`,
  ]);
  const [status, seconds] = stdout.trim().split(' ').map(Number);
  if (status !== 200) throw new Error(`API answered ${status}`);
  return (seconds ?? NaN) * 1000;
}

export async function runInfoBenchmarks(): Promise<void> {
  console.info('\n== Preview info');
  const site = await startFixtureSite({ preview: true });
  const test = await startTestApp({ MEDIA_TEST_HOSTS: site.host }, { listen: true });
  try {
    // Each run asks a link the cache has not seen (the query string differs, the page is the same).
    const link = (n: number) => site.url(`/preview/clip.html?run=${n}`);
    await ytDlpJson(link(0), true); // warm Python's imports and the disk cache
    const alone: number[] = [];
    const api: number[] = [];
    for (let i = 1; i <= runs; i += 1) {
      alone.push(await ytDlpJson(link(i), true));
      api.push(await infoThroughApi(test.origin, link(i)));
    }
    const cached: number[] = [];
    for (let i = 1; i <= runs; i += 1) cached.push(await infoThroughApi(test.origin, link(i)));
    const ratio = median(api) / median(alone);
    console.info(
      `HLS page with 3 renditions, median of ${runs}: yt-dlp -J alone ${ms(median(alone))}, info through the API ${ms(median(api))}`,
    );
    console.info(
      `  ratio API / yt-dlp -J: ${ratio.toFixed(3)} (budget 1.1) ${ratio <= 1.1 ? 'OK' : 'OVER BUDGET'}`,
    );
    const repeat = median(cached);
    console.info(`  cached repeat: ${ms(repeat)} (budget 50 ms) ${repeat < 50 ? 'OK' : 'OVER BUDGET'}`);
  } finally {
    await test.close();
    await site.close();
  }
}
