import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { startTestApp } from '../../apps/server/test/support/download-app';
import { startFixtureSite } from '../../apps/server/test/support/fixture-site';
const median = (v: number[]) => [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)]!;
async function alone(url: string) { const dir = mkdtempSync(path.join(os.tmpdir(), 'b-')); const t = performance.now();
  await promisify(execFile)('yt-dlp', ['--ignore-config', '--no-cache-dir', '--quiet', '--no-part', '-o', 'out.%(ext)s', '--', url], { cwd: dir });
  const e = performance.now() - t; rmSync(dir, { recursive: true, force: true }); return e; }
async function api(origin: string, url: string) { const t = performance.now();
  const r = await fetch(`${origin}/api/download/youtube`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ url, format: 'mp4', directDownload: true }) });
  await r.arrayBuffer(); return performance.now() - t; }
const site = await startFixtureSite({ bigMegabytes: 50 });
const test = await startTestApp({ MEDIA_TEST_HOSTS: site.host, DOWNLOAD_CONCURRENCY: '2' }, { listen: true });
const big = site.url('/big.mp4');
await alone(big);
const runs = Number(process.env.RUNS ?? 7);
const a: number[] = []; const b: number[] = []; const ratios: number[] = [];
for (let i = 0; i < runs; i++) { const x = await alone(big); const y = await api(test.origin, big); a.push(x); b.push(y); ratios.push(y / x); }
console.log(`alone ${median(a).toFixed(0)} api ${median(b).toFixed(0)} ratio-of-medians ${(median(b) / median(a)).toFixed(3)} median-pair-ratio ${median(ratios).toFixed(3)}`);
await test.close(); await site.close();
