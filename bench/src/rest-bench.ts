// The server at rest: (1) the resident memory of the compiled embedded server right after its first
// /health (budget 150 MB), (2) `npm start` to the first /health answer with everything already
// built (budget 3 s): set-up's checks, the build stamps, Node's start, the engine checks, listening.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { apiRoutes } from '@grabbit/contracts';
import { freePort } from '../../apps/server/test/support/free-port';
import { rssOf, startServer } from './convert-server';
import { mb, median, ms, spread, verdict } from './stats';

const root = path.resolve(import.meta.dirname, '../..');
// Three starts each: single starts vary with what else the two cores are doing.
const runs = 3;
const memoryBudget = 150 * 1024 ** 2;
const startBudgetMs = 3_000;

async function memoryAtRest(): Promise<number> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'grabbit-bench-rest-'));
  // startServer returns once /health has answered (the first call).
  const server = await startServer(dataDir);
  try {
    return await rssOf(server.pid);
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * `npm start` in its own process group, from the command to the first /health answer, failing
 * after `limitMs`.
 */
async function npmStartToHealth(dataDir: string, limitMs = 60_000): Promise<number> {
  const port = await freePort();
  const started = performance.now();
  const npm = spawn('npm', ['start', '--silent'], {
    cwd: root,
    detached: true,
    stdio: 'ignore',
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
  });
  const exited = new Promise<void>((resolve) => npm.once('exit', () => resolve()));
  try {
    for (;;) {
      if (npm.exitCode !== null) throw new Error(`npm start exited with ${npm.exitCode}`);
      if (performance.now() - started > limitMs)
        throw new Error(`npm start: no /health within ${limitMs / 1000} s`);
      const answered = await fetch(`http://127.0.0.1:${port}${apiRoutes.health}`).then(
        () => true,
        () => false,
      );
      if (answered) return performance.now() - started;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  } finally {
    // The whole group this benchmark started: npm, its shell, start.mjs and the server.
    if (npm.pid !== undefined && npm.exitCode === null) process.kill(-npm.pid, 'SIGTERM');
    await exited;
  }
}

export async function runRestBenchmarks(): Promise<void> {
  console.info('\n== Server at rest');
  const memory: number[] = [];
  for (let i = 0; i < runs; i += 1) memory.push(await memoryAtRest());
  const rss = median(memory);
  console.info(
    `memory at rest (compiled embedded server, after its first /health), median of ${runs} starts: ${mb(rss)} (${spread(memory, mb)}) (budget 150 MB) ${verdict(rss <= memoryBudget)}`,
  );
  // Builds whatever is out of date (and installs the npm packages when set-up never ran in this
  // checkout: minutes on a busy machine), so the runs measure a built start. One data folder for
  // all, as an operator's restarts have: the first start also leaves its caches there (GStreamer's
  // plugin registry, a second of CPU to make).
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'grabbit-bench-start-'));
  const starts: number[] = [];
  try {
    await npmStartToHealth(dataDir, 15 * 60_000);
    for (let i = 0; i < runs; i += 1) starts.push(await npmStartToHealth(dataDir));
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  const start = median(starts);
  console.info(
    `npm start to /health, everything built, median of ${runs}: ${ms(start)} (${spread(starts)}) (budget 3 s) ${verdict(start <= startBudgetMs)}`,
  );
}
