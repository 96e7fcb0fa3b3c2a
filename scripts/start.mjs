// `npm start` after set-up: build the pages when their sources changed, then serve everything.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
// Node 24 from the npm registry (node_modules/.bin/node) runs every tool, whatever Node ran npm.
const env = {
  ...process.env,
  PATH: `${path.join(root, 'node_modules/.bin')}${path.delimiter}${process.env.PATH ?? ''}`,
};
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

function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const info = statSync(target);
  if (!info.isDirectory()) return info.mtimeMs;
  return Math.max(0, ...readdirSync(target).map((name) => newestMtime(path.join(target, name))));
}

function run(command, args) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

/**
 * What a build is made from: the sources' newest change, the build mode (always production, see
 * apps/web/vite.config.ts) and the build-time settings. A stamp that differs means a rebuild, so a
 * build made before the mode was fixed, or for another PUBLIC_URL, is never served.
 */
const wanted = {
  sourcesChangedAt: Math.max(...sources.map((s) => newestMtime(path.join(root, s)))),
  mode: 'production',
  publicUrl: process.env.PUBLIC_URL ?? '',
};

function readStamp() {
  try {
    return JSON.parse(readFileSync(stamp, 'utf8'));
  } catch {
    return undefined;
  }
}

const previous = readStamp();
const current = previous && Object.entries(wanted).every(([key, value]) => previous[key] === value);
if (!current) {
  console.info('building the pages...');
  run('npm', ['run', 'build', '--silent']);
  writeFileSync(stamp, JSON.stringify({ ...wanted, builtAt: new Date().toISOString() }));
}
run('node_modules/.bin/tsx', ['apps/server/src/server.ts']);
