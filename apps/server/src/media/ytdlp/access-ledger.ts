// What the server remembers of each session and route (by key): when it was used within the last
// hour, and whether the site blamed it for a failure. A blamed one is quarantined for a cool-down
// that doubles on each repeat and is forgiven by a success; a pick takes, among those neither
// quarantined nor over their hourly budget, the one used least recently. Kept in this process.
export const hourMs = 60 * 60 * 1000;

interface Entry {
  /** Times of use within the last hour, oldest first. */
  uses: number[];
  strikes: number;
  quarantinedUntil: number;
}

export interface Pickable {
  /** Unique among every platform's sessions and routes. */
  key: string;
}

export class AccessLedger {
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

  usesInLastHour(key: string): number {
    return this.entry(key).uses.length;
  }

  isQuarantined(key: string): boolean {
    return this.entry(key).quarantinedUntil > this.now();
  }

  /** The site blamed it: out of use for the cool-down, twice as long as the last time. */
  quarantine(key: string): void {
    const entry = this.entry(key);
    entry.quarantinedUntil = this.now() + this.cooldownMs * 2 ** entry.strikes;
    entry.strikes += 1;
  }

  /** It worked: any quarantine and past strikes are forgiven. */
  succeeded(key: string): void {
    const entry = this.entry(key);
    entry.strikes = 0;
    entry.quarantinedUntil = 0;
  }

  /**
   * Among `items` neither quarantined (unless `evenQuarantined`) nor at `budget` uses this hour,
   * the one used least recently (the first listed on a tie), counted as used now; undefined when
   * none is left.
   */
  pick<T extends Pickable>(items: readonly T[], budget = Infinity, evenQuarantined = false): T | undefined {
    const lastUse = (item: T) => this.entry(item.key).uses.at(-1) ?? -Infinity;
    const usable = (item: T) => evenQuarantined || !this.isQuarantined(item.key);
    const chosen = items
      .filter((item) => usable(item) && this.usesInLastHour(item.key) < budget)
      .sort((a, b) => lastUse(a) - lastUse(b))[0];
    if (chosen) this.entry(chosen.key).uses.push(this.now());
    return chosen;
  }
}
