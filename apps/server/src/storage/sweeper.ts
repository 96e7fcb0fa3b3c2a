// Expiry: a start-up scan removes orphans (job folders of a previous run, unfinished or expired
// results), then a timer sweeps expired results while the server runs.
import { mkdir, readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import type { ResultStore } from './result-store';

export interface SweeperOptions {
  store: ResultStore;
  /** DATA_DIR/jobs: every folder in it at start-up belongs to a job that can no longer finish. */
  jobsRoot: string;
  intervalMs: number;
  onError?: (error: unknown) => void;
}

async function removeOrphanJobFolders(jobsRoot: string): Promise<number> {
  await mkdir(jobsRoot, { recursive: true });
  const names = await readdir(jobsRoot);
  await Promise.all(names.map((name) => rm(path.join(jobsRoot, name), { recursive: true, force: true })));
  return names.length;
}

/** Runs the start-up scan and starts the timer; returns the stop function. */
export async function startSweeper(options: SweeperOptions): Promise<() => void> {
  await removeOrphanJobFolders(options.jobsRoot);
  await options.store.sweep();
  const timer = setInterval(() => {
    options.store.sweep().catch((error: unknown) => options.onError?.(error));
  }, options.intervalMs);
  // The sweep never keeps the process alive on its own.
  timer.unref();
  return () => clearInterval(timer);
}
