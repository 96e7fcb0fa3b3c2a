// A client's quota of finished results waiting for it on the server (jobs/waiting-results.ts says
// what counts): a client already at RESULTS_MAX_WAITING_PER_CLIENT results, or at
// RESULTS_MAX_WAITING_BYTES_PER_CLIENT bytes of them, starts no new job until it saves or deletes
// some (or they expire), so a few clients that never fetch their files cannot fill the disk for
// everyone. A result's size is known only once it is made, so the bytes bound refuses the start
// after the one that reached it; the count is checked before the running-job slot is taken, so
// jobs already running when the quota is reached (at most the running-job cap) may still add theirs.
import type { Config } from '../config/env';
import { AppError } from '../core/app-error';
import type { JobRecords } from '../jobs/job-records';
import type { ApiKey } from './api-keys';

const resultsWaiting = (reason: string) =>
  new AppError(
    'RESULTS_WAITING',
    `${reason} Please save or delete your finished files first, then start a new one.`,
  );

/** Throws RESULTS_WAITING when the client is at its quota (an unlimited API key never is). */
export async function checkWaitingResults(
  records: JobRecords,
  clientId: string,
  config: Config,
  key: ApiKey | null,
): Promise<void> {
  if (key?.unlimited) return;
  const waiting = await records.waitingResults(clientId);
  const maxCount = config.RESULTS_MAX_WAITING_PER_CLIENT;
  if (waiting.count >= maxCount)
    throw resultsWaiting(
      `You have ${waiting.count} finished files waiting on the server (at most ${maxCount}).`,
    );
  if (waiting.bytes >= config.RESULTS_MAX_WAITING_BYTES_PER_CLIENT)
    throw resultsWaiting('Your finished files waiting on the server are as large together as they may be.');
}
