// What every AccessLedger must do, as one reusable suite: the memory ledger runs it in the unit
// tests, the Redis ledger against a real redis-server (test/scaled-contracts.test.ts). `make`
// answers two ledgers over one shared state (two workers); the clock is the suite's.
import { describe, expect, it } from 'vitest';
import { hourMs, maxCooldownMs, type AccessLedger } from './access-ledger';

export type MakeAccessLedgers = (options: {
  cooldownMs: number;
  now: () => number;
}) => [AccessLedger, AccessLedger] | Promise<[AccessLedger, AccessLedger]>;

export function runAccessLedgerContract(name: string, make: MakeAccessLedgers): void {
  let now = 0;
  const fresh = () => {
    now = 1_000_000_000;
    return make({ cooldownMs: 1000, now: () => now });
  };

  describe(`${name} (access ledger contract)`, () => {
    it('a quarantine lasts the cool-down, doubling on each repeat, and a success forgives it', async () => {
      const [ledger, other] = await fresh();
      const start = now;
      expect(await ledger.quarantine('a')).toBe(1000);
      expect(await other.isQuarantined('a')).toBe(true);
      expect(await other.pick(['a', 'b'])).toBe('b');
      now = start + 1000;
      expect(await other.isQuarantined('a')).toBe(false);
      expect(await other.quarantine('a')).toBe(2000);
      now = start + 2999;
      expect(await ledger.isQuarantined('a')).toBe(true);
      now = start + 3000;
      expect(await ledger.isQuarantined('a')).toBe(false);
      await other.succeeded('a');
      expect(await ledger.quarantine('a')).toBe(1000);
      now = start + 4000;
      expect(await ledger.isQuarantined('a')).toBe(false);
    });

    it('the cool-down stops doubling at its longest', async () => {
      const [ledger] = await fresh();
      let last = 0;
      for (let i = 0; i < 40; i += 1) last = await ledger.quarantine('a');
      expect(last).toBe(maxCooldownMs);
    });

    it('two workers blaming the same key at once double its cool-down', async () => {
      const [ledger, other] = await fresh();
      const lengths = await Promise.all([ledger.quarantine('a'), other.quarantine('a')]);
      expect(lengths.sort((x, y) => x - y)).toEqual([1000, 2000]);
      now += 1999;
      expect(await ledger.isQuarantined('a')).toBe(true);
    });

    it('picks the key used least recently, the first listed on a tie, within its budget per hour', async () => {
      const [ledger, other] = await fresh();
      const picked: (string | undefined)[] = [];
      for (let i = 0; i < 5; i += 1) {
        picked.push(await (i % 2 ? other : ledger).pick(['a', 'b'], { budget: 2 }));
        now += 1000;
      }
      expect(picked).toEqual(['a', 'b', 'a', 'b', undefined]);
      expect(await other.usesInLastHour('a')).toBe(2);
      // An hour after its first use, a key has budget again.
      now += hourMs - 5000;
      expect(await ledger.usesInLastHour('a')).toBe(1);
      expect(await ledger.pick(['a', 'b'], { budget: 2 })).toBe('a');
      // A success forgives blame, not use.
      await ledger.succeeded('a');
      expect(await ledger.usesInLastHour('a')).toBe(2);
    });

    it('many workers racing for the last slot of a budget: exactly one gets it', async () => {
      const [ledger, other] = await fresh();
      const picks = await Promise.all(
        Array.from({ length: 10 }, (_, i) => (i % 2 ? other : ledger).pick(['a'], { budget: 1 })),
      );
      expect(picks.filter((key) => key === 'a')).toHaveLength(1);
    });

    it('nothing healthy: nothing picked, unless quarantined ones may be; nothing listed: nothing', async () => {
      const [ledger, other] = await fresh();
      for (const key of ['a', 'b']) await ledger.quarantine(key);
      expect(await other.pick(['a', 'b'])).toBeUndefined();
      expect(await other.pick(['a', 'b'], { evenQuarantined: true })).toBe('a');
      expect(await other.pick([])).toBeUndefined();
    });
  });
}
