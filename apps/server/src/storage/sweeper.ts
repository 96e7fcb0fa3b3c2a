// Expiry: a start-up scan removes orphans (job folders of a previous run, unfinished or expired
// results), then a timer sweeps expired results while the server runs.
import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { ResultStore } from './result-store';

export interface SweeperOptions {
  store: ResultStore;
  /** DATA_DIR/jobs: every folder in it at start-up belongs to a job that can no longer finish. */
  jobsRoot: string;
  intervalMs: number;
  /**
   * When processes share the data folder (scaled mode), a folder is an orphan only once it is older
   * than any job can run; without this, every folder at start-up is one.
   */
  orphanAgeMs?: number;
  onError?: (error: unknown) => void;
}

async function removeOrphanJobFolders(jobsRoot: string, olderThanMs?: number): Promise<number> {
  await mkdir(jobsRoot, { recursive: true });
  let names = await readdir(jobsRoot);
  if (olderThanMs !== undefined) {
    const cutoff = Date.now() - olderThanMs;
    const ages = await Promise.all(
      names.map((name) =>
        stat(path.join(jobsRoot, name)).then(
          (info) => info.mtimeMs,
          () => Infinity,
        ),
      ),
    );
    names = names.filter((_, index) => (ages[index] ?? Infinity) < cutoff);
  }
  await Promise.all(names.map((name) => rm(path.join(jobsRoot, name), { recursive: true, force: true })));
  return names.length;
}

/** Runs the start-up scan and starts the timer; returns the stop function. */
export async function startSweeper(options: SweeperOptions): Promise<() => void> {
  await removeOrphanJobFolders(options.jobsRoot, options.orphanAgeMs);
  await options.store.sweep();
  const timer = setInterval(() => {
    options.store.sweep().catch((error: unknown) => options.onError?.(error));
    if (options.orphanAgeMs !== undefined)
      removeOrphanJobFolders(options.jobsRoot, options.orphanAgeMs).catch((error: unknown) =>
        options.onError?.(error),
      );
  }, options.intervalMs);
  // The sweep never keeps the process alive on its own.
  timer.unref();
  return () => clearInterval(timer);
}
