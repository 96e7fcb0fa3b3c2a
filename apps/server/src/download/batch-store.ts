// Playlist batches as plain records behind a small store (in memory today, Redis in the scaled
// mode). A batch keeps no follower of its own: its progress is computed from its tasks' states,
// and whoever sees a task change asks the store whether that change moves the batch on, so any
// process can publish the batch's events and each is published once.

export interface BatchRecord {
  batchId: string;
  title: string;
  items: { url: string; title: string | null; taskId: string }[];
  createdAt: number;
  /** Last progress published (-1 before the first). */
  lastProgress: number;
  finished: boolean;
}

export interface BatchStore {
  put(batch: BatchRecord): Promise<void>;
  get(batchId: string): Promise<BatchRecord | undefined>;
  /** The batch a task belongs to, if any. */
  batchOfTask(taskId: string): Promise<string | undefined>;
  /**
   * Records a new progress or the end, atomically: true only for the caller that moved the batch
   * (progress above the last one published, or the first to finish it); false once finished.
   */
  advance(batchId: string, change: { progress: number } | { finished: true }): Promise<boolean>;
}

/** Batches are forgotten this long after they were made unless told (the service: RESULT_TTL_HOURS). */
const keepBatchMs = 24 * 3_600_000;

export class MemoryBatchStore implements BatchStore {
  private readonly batches = new Map<string, BatchRecord>();
  private readonly taskBatch = new Map<string, string>();

  constructor(
    private readonly keepMs = keepBatchMs,
    private readonly now: () => number = Date.now,
  ) {}

  async put(batch: BatchRecord): Promise<void> {
    this.forgetOld();
    this.batches.set(batch.batchId, structuredClone(batch));
    for (const item of batch.items) this.taskBatch.set(item.taskId, batch.batchId);
  }

  async get(batchId: string): Promise<BatchRecord | undefined> {
    const batch = this.batches.get(batchId);
    return batch && structuredClone(batch);
  }

  async batchOfTask(taskId: string): Promise<string | undefined> {
    return this.taskBatch.get(taskId);
  }

  async advance(batchId: string, change: { progress: number } | { finished: true }): Promise<boolean> {
    const batch = this.batches.get(batchId);
    if (!batch || batch.finished) return false;
    if ('finished' in change) {
      batch.finished = true;
      return true;
    }
    if (change.progress <= batch.lastProgress) return false;
    batch.lastProgress = change.progress;
    return true;
  }

  /** Insertion order is creation order: stop at the first batch young enough to keep. */
  private forgetOld(): void {
    const now = this.now();
    for (const [batchId, batch] of this.batches) {
      if (now - batch.createdAt < this.keepMs) return;
      this.batches.delete(batchId);
      for (const item of batch.items) this.taskBatch.delete(item.taskId);
    }
  }
}
