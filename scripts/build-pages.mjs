// Builds the pages (apps/web/dist, prerendered) when their sources or build-time settings changed
// since the last build: `npm start` and `npm test` call it; `npm run build` always builds.
//   node scripts/build-pages.mjs
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { newestMtime } from './build-server.mjs';
import { root, toolsEnv } from './tools-env.mjs';

const stamp = path.join(root, 'apps/web/dist/.build-stamp');
const sources = [
  'apps/web/src',
  'apps/web/scripts',
  'apps/web/index.html',
  'apps/web/public',
  'apps/web/vite.config.ts',
  'packages/catalog/src',
  'packages/contracts/src',
  'package-lock.json',
];

function readStamp() {
  try {
    return JSON.parse(readFileSync(stamp, 'utf8'));
  } catch {
    return undefined;
  }
}

/**
 * Builds when the stamp differs from what a build is made from: the sources' newest change, the
 * build mode (always production, see apps/web/vite.config.ts) and the build-time settings, so a
 * build made before the mode was fixed, or for another PUBLIC_URL, is never served. Exits with the
 * build's status when it fails.
 */
export function buildPages() {
  const wanted = {
    sourcesChangedAt: Math.max(...sources.map((source) => newestMtime(path.join(root, source)))),
    mode: 'production',
    publicUrl: process.env.PUBLIC_URL ?? '',
  };
  const previous = readStamp();
  if (previous && Object.entries(wanted).every(([key, value]) => previous[key] === value)) return;
  console.info('building the pages...');
  const result = spawnSync('npm', ['run', 'build', '--silent', '-w', '@grabbit/web'], {
    cwd: root,
    stdio: 'inherit',
    env: toolsEnv,
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
  writeFileSync(stamp, JSON.stringify({ ...wanted, builtAt: new Date().toISOString() }));
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) buildPages();
