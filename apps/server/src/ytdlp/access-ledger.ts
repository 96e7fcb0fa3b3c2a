// What the server remembers of each session and route (by key): when it was used within the last
// hour, and whether the site blamed it for a failure. A blamed one is quarantined for a cool-down
// that doubles on each repeat and is forgiven by a success; a pick takes, among those neither
// quarantined nor over their hourly budget, the one used least recently. Embedded mode keeps it
// in this process (memory-access-ledger.ts); scaled mode in Redis, shared by every worker
// (redis-access-ledger.ts). Both pass one contract suite (access-ledger.contract.ts).
export const hourMs = 60 * 60 * 1000;

/**
 * The longest cool-down, however often a key is blamed: a day later it is tried once more, so a
 * session the site forgave comes back without the operator replacing its file.
 */
export const maxCooldownMs = 24 * hourMs;

/** The cool-down after `strikes` earlier blames: the first one, doubled on each repeat, capped. */
export const cooldownAfter = (firstMs: number, strikes: number): number =>
  Math.min(firstMs * 2 ** strikes, maxCooldownMs);

export interface PickOptions {
  /** Uses per hour a key may have had and still be picked (none by default). */
  budget?: number;
  /** Quarantined keys may be picked too (when nothing healthy is left and going without is worse). */
  evenQuarantined?: boolean;
}

export interface AccessLedger {
  usesInLastHour(key: string): Promise<number>;
  isQuarantined(key: string): Promise<boolean>;
  /** The site blamed it: out of use for the cool-down, twice as long as the last time. Answers its length in ms. */
  quarantine(key: string): Promise<number>;
  /** It worked: any quarantine and past strikes are forgiven. */
  succeeded(key: string): Promise<void>;
  /**
   * Among `keys` neither quarantined (unless `evenQuarantined`) nor at `budget` uses this hour,
   * the one used least recently (the first listed on a tie), counted as used now in the same
   * step (two workers never both take a last slot); undefined when none is left.
   */
  pick(keys: readonly string[], options?: PickOptions): Promise<string | undefined>;
}

export interface Pickable {
  /** Unique among every platform's sessions and routes. */
  key: string;
}

/** The item whose key the ledger picked. */
export async function pickItem<T extends Pickable>(
  ledger: AccessLedger,
  items: readonly T[],
  options?: PickOptions,
): Promise<T | undefined> {
  const key = await ledger.pick(
    items.map((item) => item.key),
    options,
  );
  return items.find((item) => item.key === key);
}
