// Cancelling a job by its owner, in either mode: the record is ended as cancelled (its slot goes
// back at once, JOB_CANCELLED is its error), every record that is a part of it too (a batch's
// items, a cloud copy's download), and the process that runs the job stops its engine: each
// handler follows its own record through the one waiter (change events on the bus, which in
// scaled mode reach every worker, and a re-read on a timer) and aborts its run when it ends.
import { AppError } from '../core/app-error';
import { isEnded, type JobRecord } from './job-record';
import type { JobChangeBus, JobRecords } from './job-records';
import type { JobHandler } from './job-table';
import { waitForJob } from './wait-for-job';

export const cancelledMessage = 'The job was cancelled by its owner.';

/** The reason a cancelled job's run is aborted with, and the record's error. */
export const jobCancelled = () => new AppError('JOB_CANCELLED', cancelledMessage);

/** A record ended as cancelled (undefined: it had ended already, nothing changes). */
function cancelled(current: JobRecord): JobRecord | undefined {
  if (isEnded(current)) return undefined;
  const error = jobCancelled();
  return { ...current, status: 'cancelled', stage: 'cancelled', errorCode: error.code, error: error.message };
}

/**
 * Cancels `record` (read by its owner) and its parts: the record as it is after. Fails with
 * JOB_ALREADY_ENDED when it had ended before.
 */
export async function cancelJob(records: JobRecords, record: JobRecord): Promise<JobRecord> {
  if (isEnded(record))
    throw new AppError('JOB_ALREADY_ENDED', `This job has ended already (${record.status}).`);
  const parts = await records.partsOf(record);
  const [stored] = await Promise.all([
    records.update(record.id, cancelled),
    ...parts.map((part) => records.update(part.id, cancelled)),
  ]);
  if (stored?.status !== 'cancelled')
    throw new AppError('JOB_ALREADY_ENDED', `This job has ended already (${stored?.status ?? 'gone'}).`);
  return stored;
}

/**
 * A handler that stops when its job's record is cancelled: its run's signal aborts with
 * JOB_CANCELLED (the runner's own aborts, a timeout or a hand-back, pass through as they are).
 */
export function stoppedOnCancel<D>(
  handler: JobHandler<D>,
  records: Pick<JobRecords, 'get'>,
  bus: Pick<JobChangeBus, 'subscribe'>,
): JobHandler<D> {
  return async (data, run) => {
    const controller = new AbortController();
    const fromRunner = () => controller.abort(run.signal.reason);
    if (run.signal.aborted) fromRunner();
    else run.signal.addEventListener('abort', fromRunner, { once: true });
    const wait = waitForJob(records, bus, run.jobId);
    wait.done.then(
      (record) => {
        if (record?.status === 'cancelled') controller.abort(jobCancelled());
      },
      () => undefined,
    );
    try {
      await handler(data, { ...run, signal: controller.signal });
    } finally {
      wait.stop();
      run.signal.removeEventListener('abort', fromRunner);
    }
  };
}
