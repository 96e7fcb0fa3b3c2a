// The one way to wait for a job's end, in whichever process asks: follow the job's change events
// on the bus AND read the record again on a timer, so an event lost while a connection was down
// (or published before the subscription) never leaves a waiter hanging. Subscribe first, then
// read, so no end can slip between the two.
import { isEnded, type JobRecord } from './job-record';
import type { JobChangeBus, JobRecords } from './job-records';

/** How often the record is read again besides the change events. */
const recheckMs = 2_000;

export interface JobWait<D> {
  /** The ended record; undefined when the store does not know the job (it expired or was deleted). */
  done: Promise<JobRecord<D> | undefined>;
  /** Stops waiting; a wait not settled yet then settles as undefined. */
  stop: () => void;
}

export function waitForJob<D>(
  records: Pick<JobRecords, 'get'>,
  bus: Pick<JobChangeBus, 'subscribe'>,
  jobId: string,
  everyMs = recheckMs,
): JobWait<D> {
  let quiet = () => {};
  let settle: (record: JobRecord<D> | undefined) => void = () => {};
  const done = new Promise<JobRecord<D> | undefined>((resolve, reject) => {
    let settled = false;
    settle = (record) => {
      if (settled) return;
      settled = true;
      quiet();
      resolve(record);
    };
    /** The first read fails the wait (the store is away); later ones try again on the next tick. */
    const check = (first = false) => {
      records.get<D>(jobId).then(
        (record) => {
          if (!record || isEnded(record)) settle(record);
        },
        (error: unknown) => {
          if (!first || settled) return;
          settled = true;
          quiet();
          reject(error);
        },
      );
    };
    const unsubscribe = bus.subscribe((message) => {
      if (message.group === `job:${jobId}`) check();
    });
    const timer = setInterval(check, everyMs);
    quiet = () => {
      unsubscribe();
      clearInterval(timer);
    };
    check(true);
  });
  return { done, stop: () => settle(undefined) };
}
