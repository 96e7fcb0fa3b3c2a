// A client's cloud-storage quota counted in this process's memory (one node).
import { dayMs, quotaExceeded, type ClientQuota, type QuotaLimits } from './client-quota';

export class MemoryClientQuota implements ClientQuota {
  private readonly used = new Map<string, { since: number; files: number; bytes: number }>();

  constructor(
    private readonly limits: QuotaLimits,
    private readonly now: () => number,
  ) {}

  private current(client: string) {
    const now = this.now();
    // Windows that ended are dropped on the way, so the map holds only today's clients.
    for (const [key, entry] of this.used) if (now - entry.since >= dayMs) this.used.delete(key);
    return this.used.get(client) ?? { since: now, files: 0, bytes: 0 };
  }

  async spend(client: string, bytes: number): Promise<void> {
    const entry = this.current(client);
    if (entry.files + 1 > this.limits.files || entry.bytes + bytes > this.limits.bytes) throw quotaExceeded();
    this.used.set(client, { ...entry, files: entry.files + 1, bytes: entry.bytes + bytes });
  }

  async refund(client: string, bytes: number): Promise<void> {
    const entry = this.used.get(client);
    if (entry) this.used.set(client, { ...entry, files: entry.files - 1, bytes: entry.bytes - bytes });
  }
}
