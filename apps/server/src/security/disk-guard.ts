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

/**
 * How long one reading of the free space answers the check. Every job start passed the check with
 * a file-system call of its own, a wait in the same small thread pool the engines' file work and
 * the uploads use; the disk cannot fill meaningfully in a second that a job started in it would.
 */
const readingMs = 1000;
const readings = new Map<string, { at: number; bytes: Promise<number> }>();

function recentFreeBytes(dir: string): Promise<number> {
  const now = Date.now();
  const reading = readings.get(dir);
  if (reading && now - reading.at < readingMs) return reading.bytes;
  const bytes = freeBytes(dir);
  readings.set(dir, { at: now, bytes });
  // A failed reading is not kept: the next check reads again.
  bytes.catch(() => readings.delete(dir));
  return bytes;
}

export async function checkDiskSpace(dir: string, minFreeBytes: number): Promise<void> {
  if ((await recentFreeBytes(dir)) >= minFreeBytes) return;
  throw new AppError(
    'DISK_FULL',
    'The server is short of disk space and cannot start new jobs right now. Please try again later.',
  );
}
