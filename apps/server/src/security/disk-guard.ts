// New jobs are refused while the data folder's disk is nearly full: a job that starts anyway would
// fail half-way and take the space other jobs need to finish.
import { statfs } from 'node:fs/promises';
import path from 'node:path';
import { AppError } from '../core/app-error';

/** Free bytes for us on the disk holding `dir` (its nearest existing parent, before start-up made it). */
export async function freeBytes(dir: string): Promise<number> {
  let current = path.resolve(dir);
  for (;;) {
    try {
      const stats = await statfs(current);
      return stats.bavail * stats.bsize;
    } catch (error) {
      const parent = path.dirname(current);
      if (parent === current) throw error;
      current = parent;
    }
  }
}

export async function checkDiskSpace(dir: string, minFreeBytes: number): Promise<void> {
  if ((await freeBytes(dir)) >= minFreeBytes) return;
  throw new AppError(
    'DISK_FULL',
    'The server is short of disk space and cannot start new jobs right now. Please try again later.',
  );
}
