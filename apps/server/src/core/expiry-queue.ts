// The one expiry rule of the in-memory stores (tasks, batches, conversions): a record's clock
// starts once, records are kept in the order their clocks started, and on the next write the
// oldest ones past their time are dropped. No timer per record, and a sweep stops at the first
// record young enough to keep.
export class ExpiryQueue<K> {
  /** Insertion order is start order (a key started again keeps its place and its time). */
  private readonly since = new Map<K, number>();

  constructor(
    private readonly keepMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Starts a key's clock (at `at`, default now) unless it runs already. */
  start(key: K, at: number = this.now()): void {
    if (!this.since.has(key)) this.since.set(key, at);
  }

  /** Whether a started key is past its time (an unstarted one never is). */
  isExpired(key: K): boolean {
    const since = this.since.get(key);
    return since !== undefined && this.now() - since >= this.keepMs;
  }

  forget(key: K): void {
    this.since.delete(key);
  }

  /** Drops the keys past their time, oldest first, telling `drop` each one. */
  sweep(drop: (key: K) => void): void {
    const now = this.now();
    for (const [key, since] of this.since) {
      if (now - since < this.keepMs) return;
      this.since.delete(key);
      drop(key);
    }
  }
}
