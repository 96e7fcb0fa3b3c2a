// The access ledger of one process (embedded mode): a map from key to its uses and strikes.
import { cooldownAfter, hourMs, type AccessLedger, type PickOptions } from './access-ledger';

interface Entry {
  /** Times of use within the last hour, oldest first. */
  uses: number[];
  strikes: number;
  quarantinedUntil: number;
}

export class MemoryAccessLedger implements AccessLedger {
  private readonly entries = new Map<string, Entry>();

  constructor(
    /** The first cool-down; each repeat doubles it. */
    private readonly cooldownMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  private entry(key: string): Entry {
    let entry = this.entries.get(key);
    if (!entry) {
      entry = { uses: [], strikes: 0, quarantinedUntil: 0 };
      this.entries.set(key, entry);
    }
    const since = this.now() - hourMs;
    entry.uses = entry.uses.filter((at) => at > since);
    return entry;
  }

  private quarantined(key: string): boolean {
    return this.entry(key).quarantinedUntil > this.now();
  }

  async usesInLastHour(key: string): Promise<number> {
    return this.entry(key).uses.length;
  }

  async isQuarantined(key: string): Promise<boolean> {
    return this.quarantined(key);
  }

  async quarantine(key: string): Promise<number> {
    const entry = this.entry(key);
    const ms = cooldownAfter(this.cooldownMs, entry.strikes);
    entry.quarantinedUntil = this.now() + ms;
    entry.strikes += 1;
    return ms;
  }

  async succeeded(key: string): Promise<void> {
    const entry = this.entry(key);
    entry.strikes = 0;
    entry.quarantinedUntil = 0;
  }

  async pick(keys: readonly string[], { budget = Infinity, evenQuarantined = false }: PickOptions = {}) {
    const lastUse = (key: string) => this.entry(key).uses.at(-1) ?? -Infinity;
    const chosen = keys
      .filter((key) => (evenQuarantined || !this.quarantined(key)) && this.entry(key).uses.length < budget)
      .sort((a, b) => lastUse(a) - lastUse(b))[0];
    if (chosen) this.entry(chosen).uses.push(this.now());
    return chosen;
  }
}
