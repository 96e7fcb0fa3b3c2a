// Where task state lives. The in-memory store serves the embedded mode; the scaled mode puts a
// Redis-backed one behind the same two calls. No promises or timers per task: a finished task is
// forgotten with its result (RESULT_TTL_HOURS) by a prune that runs on writes.
import type { DownloadTask } from '@grabbit/contracts';
import { ExpiryQueue } from '../core/expiry-queue';

/** A finished task's file in the result store. */
export interface TaskResult {
  fileId: string;
  fileName: string;
  fileSize: number;
}

export interface TaskRecord {
  task: DownloadTask;
  result?: TaskResult;
}

export interface TaskStateStore {
  get(taskId: string): Promise<TaskRecord | undefined>;
  /** Writes the task's whole record (its job is its only writer). */
  set(record: TaskRecord): Promise<void>;
}

/** Finished tasks are forgotten after this long unless told (the service passes RESULT_TTL_HOURS). */
const keepFinishedMs = 24 * 60 * 60 * 1000;

const isFinished = (task: DownloadTask) => task.status === 'completed' || task.status === 'error';

export class MemoryTaskStateStore implements TaskStateStore {
  private readonly records = new Map<string, TaskRecord>();
  /** Finished tasks' clocks: a task is kept this long after it finished. */
  private readonly finished: ExpiryQueue<string>;

  constructor(keepMs = keepFinishedMs, now: () => number = Date.now) {
    this.finished = new ExpiryQueue(keepMs, now);
  }

  async get(taskId: string): Promise<TaskRecord | undefined> {
    return this.records.get(taskId);
  }

  async set(record: TaskRecord): Promise<void> {
    this.finished.sweep((taskId) => this.records.delete(taskId));
    const { taskId } = record.task;
    this.records.set(taskId, record);
    if (isFinished(record.task)) this.finished.start(taskId);
  }
}
