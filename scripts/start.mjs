// `npm start` after set-up: build the pages and the server when their sources changed, then serve
// everything with the compiled server (plain JavaScript: no TypeScript loader in the serving process).
// `node scripts/start.mjs --worker` does the same for `npm run worker`, which needs no pages.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { buildServer, serverNodeFlags } from './build-server.mjs';

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

const worker = process.argv.includes('--worker');
const previous = readStamp();
const current = previous && Object.entries(wanted).every(([key, value]) => previous[key] === value);
if (!worker && !current) {
  console.info('building the pages...');
  run('npm', ['run', 'build', '--silent']);
  writeFileSync(stamp, JSON.stringify({ ...wanted, builtAt: new Date().toISOString() }));
}
await buildServer();
const entry = worker ? 'apps/server/dist/worker.js' : 'apps/server/dist/server.js';
const server = spawn('node', [...serverNodeFlags, entry], { cwd: root, stdio: 'inherit', env });
// The server shuts down gracefully on these: they are passed on, and its exit becomes ours.
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
