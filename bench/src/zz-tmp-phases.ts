import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { platformById, type Platform } from '@grabbit/catalog';
import { buildDownloadArgs } from '../../apps/server/src/media/ytdlp-args';
import { startFixtureSite } from '../../apps/server/test/support/fixture-site';
import { runCommand } from '../../apps/server/src/media/run-command';
const site = await startFixtureSite({ bigMegabytes: 50 });
const url = site.url('/big.mp4');
for (let i = 0; i < 5; i++) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'b-'));
  const args = buildDownloadArgs({ platform: platformById('youtube') as Platform, allowGeneric: true, maxBytes: 2e9, maxDurationSeconds: 36000, url, format: 'mp4', quality: 'best', removeWatermark: false, jobDir: dir });
  const t0 = performance.now(); let fin = 0; let res = 0;
  const on = (c: string) => { if (c.includes('"finished"') && !fin) fin = performance.now() - t0; if (c.includes('@@R')) res = performance.now() - t0; };
  await runCommand('yt-dlp', args, { cwd: dir, onStdout: on, onStderr: on });
  const end = performance.now() - t0;
  console.log('finished', fin.toFixed(0), 'result', res.toFixed(0), 'exit', end.toFixed(0));
  rmSync(dir, { recursive: true, force: true });
}
await site.close();
