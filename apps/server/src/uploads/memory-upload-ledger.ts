// The upload ledger of one process (embedded mode): a map of the open uploads and one of the
// writers' claims. A process that starts again rebuilds it from the store (the first sweep).
import type { LedgerEntry, OpenBounds, OpenRefusal, UploadLedger } from './upload-ledger';

export class MemoryUploadLedger implements UploadLedger {
  private readonly entries = new Map<string, LedgerEntry>();
  private readonly claims = new Map<string, { holder: string; until: number }>();

  constructor(private readonly now: () => number = Date.now) {}

  async open(entry: LedgerEntry, bounds: OpenBounds): Promise<OpenRefusal | undefined> {
    const held = this.heldBy(entry.owner);
    if (held.length >= bounds.count) return 'count';
    if (sumBytes(held) + entry.bytes > bounds.bytes) return 'bytes';
    this.entries.set(entry.id, { ...entry });
    return undefined;
  }

  async restore(entry: LedgerEntry): Promise<void> {
    if (!this.entries.has(entry.id)) this.entries.set(entry.id, { ...entry });
  }

  async get(id: string): Promise<LedgerEntry | undefined> {
    const entry = this.live(id);
    return entry ? { ...entry } : undefined;
  }

  async expire(id: string, expiresAt: number): Promise<void> {
    const entry = this.live(id);
    if (entry) entry.expiresAt = expiresAt;
  }

  async close(id: string): Promise<void> {
    this.entries.delete(id);
    this.claims.delete(id);
  }

  async openOf(owner: string): Promise<{ count: number; bytes: number }> {
    const held = this.heldBy(owner);
    return { count: held.length, bytes: sumBytes(held) };
  }

  async claim(id: string, holder: string, leaseMs: number): Promise<boolean> {
    const current = this.claims.get(id);
    if (current && current.holder !== holder && current.until > this.now()) return false;
    this.claims.set(id, { holder, until: this.now() + leaseMs });
    return true;
  }

  async renew(id: string, holder: string, leaseMs: number): Promise<boolean> {
    const current = this.claims.get(id);
    if (current?.holder !== holder || current.until <= this.now()) return false;
    current.until = this.now() + leaseMs;
    return true;
  }

  async release(id: string, holder: string): Promise<void> {
    if (this.claims.get(id)?.holder === holder) this.claims.delete(id);
  }

  /** The entry while it counts; an expired one is forgotten on the way. */
  private live(id: string): LedgerEntry | undefined {
    const entry = this.entries.get(id);
    if (entry && entry.expiresAt <= this.now()) this.entries.delete(id);
    return this.entries.get(id);
  }

  private heldBy(owner: string): LedgerEntry[] {
    return [...this.entries.keys()]
      .map((id) => this.live(id))
      .filter((entry): entry is LedgerEntry => entry?.owner === owner);
  }
}

const sumBytes = (entries: LedgerEntry[]) => entries.reduce((sum, entry) => sum + entry.bytes, 0);
