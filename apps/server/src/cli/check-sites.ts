// `npm run check-sites [-- --links FILE] [--timeout SECONDS]`: downloads one public link per site
// through the real download path and prints a table (site, link, result, seconds, format and
// size, yt-dlp's error line). Exits 1 when any site failed, so it fits a cron job or CI.
// A site with operator sessions is checked once per healthy session, and with several routes once
// per healthy route, each its own row (`session or route`: the session's file under COOKIES_DIR,
// or `route N`, its place in the list; never a cookie or a proxy address).
// The links are the catalog's `checkLink`s; FILE overrides them, one "platform link" a line
// ('#' starts a comment), and only the platforms it names are checked.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { formatMegabytes, platformById, platforms, type Platform } from '@grabbit/catalog';
import { ConfigError, loadConfig } from '../config/env';
import { checkSite, type SiteCheckResult } from '../download/site-check';
import { checkEngines } from '../engines/engines';
import { ytDlpFallbackWarning } from '../ytdlp';
import { accessChoices } from '../ytdlp';

async function linksFrom(file: string | undefined): Promise<[Platform, string][]> {
  if (!file) return platforms.map((p) => [p, p.checkLink]);
  const lines = (await readFile(file, 'utf8'))
    .split('\n')
    .map((line) => line.replace(/(^|\s)#.*/, '').trim());
  return lines.filter(Boolean).map((line) => {
    const [id = '', link = ''] = line.split(/\s+/);
    const platform = platformById(id);
    if (!platform)
      throw new Error(`${file}: unknown platform "${id}" (one of ${platforms.map((p) => p.id).join(', ')})`);
    return [platform, link];
  });
}

/** Check downloads are small: kilobytes below one megabyte. */
const sizeText = (bytes: number) =>
  bytes < 1024 ** 2 ? `${Math.ceil(bytes / 1024)} KB` : formatMegabytes(bytes);

function table(results: SiteCheckResult[]): string {
  const rows = [
    ['site', 'session or route', 'link', 'result', 'seconds', 'format and size', 'error'],
    ...results.map((r) => [
      r.platform.name,
      r.access,
      r.link,
      r.ok ? 'ok' : 'failed',
      r.seconds.toFixed(1),
      r.ok ? `${r.format}, ${sizeText(r.bytes ?? 0)}` : '',
      r.error ?? '',
    ]),
  ];
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  return rows
    .map((row) =>
      row
        .map((cell, i) => cell.padEnd(widths[i]!))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}

async function main(): Promise<number> {
  const { values } = parseArgs({ options: { links: { type: 'string' }, timeout: { type: 'string' } } });
  const config = loadConfig();
  const ytDlp = (await checkEngines(config)).find((e) => e.name === 'yt-dlp');
  if (!ytDlp?.available) {
    console.error(`yt-dlp is not available at ${config.YTDLP_PATH}: run scripts/setup.sh`);
    return 2;
  }
  console.info(`yt-dlp ${ytDlp.version} (${config.YTDLP_SOURCE}: ${config.YTDLP_PATH})`);
  const fallback = ytDlpFallbackWarning(config);
  if (fallback) console.warn(fallback);
  const links = await linksFrom(values.links);
  const jobsRoot = await mkdtemp(path.join(os.tmpdir(), 'grabbit-check-sites-'));
  const timeoutMs = Number(values.timeout ?? 180) * 1000;
  const results: SiteCheckResult[] = [];
  try {
    // One at a time: sites are checked as a visitor meets them, not under load.
    for (const [platform, link] of links)
      for (const pinned of await accessChoices(config, platform.id))
        results.push(await checkSite(config, platform, link, { jobsRoot, timeoutMs, pinned }));
  } finally {
    await rm(jobsRoot, { recursive: true, force: true });
  }
  console.info(table(results));
  const failed = results.filter((r) => !r.ok).length;
  console.info(`${results.length - failed} ok, ${failed} failed`);
  return failed > 0 ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof ConfigError || error instanceof Error ? error.message : error);
    process.exit(2);
  },
);
