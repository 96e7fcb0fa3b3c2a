// Where task state lives. The in-memory store serves the embedded mode; the scaled mode puts a
// Redis-backed one behind the same two calls. No promises or timers per task: a finished task is
// forgotten with its result (RESULT_TTL_HOURS) by a prune that runs on writes.
import type { DownloadTask } from '@grabbit/contracts';

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
  /** Finished task ids in the order they finished, with when. */
  private readonly finished = new Map<string, number>();

  constructor(
    private readonly keepMs = keepFinishedMs,
    private readonly now: () => number = Date.now,
  ) {}

  async get(taskId: string): Promise<TaskRecord | undefined> {
    return this.records.get(taskId);
  }

  async set(record: TaskRecord): Promise<void> {
    const now = this.now();
    this.prune(now);
    const { taskId } = record.task;
    this.records.set(taskId, record);
    if (isFinished(record.task) && !this.finished.has(taskId)) this.finished.set(taskId, now);
  }

  private prune(now: number): void {
    for (const [taskId, finishedAt] of this.finished) {
      if (now - finishedAt < this.keepMs) return;
      this.finished.delete(taskId);
      this.records.delete(taskId);
    }
  }
}
