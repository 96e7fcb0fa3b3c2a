// What every UploadLedger must do, as one reusable suite: the memory ledger runs it in the unit
// tests, the Redis ledger against a real redis-server (test/scaled-contracts.test.ts). `make`
// answers two ledgers over one shared state (two API processes); the clock is the suite's.
import { describe, expect, it } from 'vitest';
import type { LedgerEntry, UploadLedger } from './upload-ledger';

export type MakeUploadLedgers = (options: {
  now: () => number;
}) => [UploadLedger, UploadLedger] | Promise<[UploadLedger, UploadLedger]>;

const hour = 3_600_000;
const bounds = { count: 2, bytes: 1000 };

export function runUploadLedgerContract(name: string, make: MakeUploadLedgers): void {
  let now = 0;
  const fresh = () => {
    now = 1_000_000_000;
    return make({ now: () => now });
  };
  const entry = (id: string, owner: string, bytes = 100, ttl = hour): LedgerEntry => ({
    id,
    owner,
    bytes,
    expiresAt: now + ttl,
  });

  describe(`${name} (upload ledger contract)`, () => {
    it("counts a client's open uploads across processes, within its bounds", async () => {
      const [one, other] = await fresh();
      expect(await one.open(entry('a', 'client'), bounds)).toBeUndefined();
      expect(await other.open(entry('b', 'client'), bounds)).toBeUndefined();
      expect(await other.open(entry('c', 'client'), bounds)).toBe('count');
      expect(await one.openOf('client')).toEqual({ count: 2, bytes: 200 });
      // Another client is not held back.
      expect(await one.open(entry('d', 'stranger', 900), bounds)).toBeUndefined();
      expect(await other.open(entry('e', 'stranger', 101), { count: 5, bytes: 1000 })).toBe('bytes');
      expect(await other.get('a')).toEqual(entry('a', 'client'));
    });

    it('an upload stops counting once closed or expired, and an expiry can come sooner', async () => {
      const [one, other] = await fresh();
      await one.open(entry('a', 'client'), bounds);
      await one.open(entry('b', 'client'), bounds);
      await other.close('a');
      expect(await one.get('a')).toBeUndefined();
      expect(await one.openOf('client')).toEqual({ count: 1, bytes: 100 });
      await other.expire('b', now + 1000);
      expect((await one.get('b'))?.expiresAt).toBe(now + 1000);
      now += 1000;
      expect(await one.get('b')).toBeUndefined();
      expect(await other.openOf('client')).toEqual({ count: 0, bytes: 0 });
      expect(await one.open(entry('c', 'client'), bounds)).toBeUndefined();
      expect(await one.open(entry('d', 'client'), bounds)).toBeUndefined();
      // Expiring or closing what is not counted changes nothing.
      await other.expire('gone', now + 5);
      await other.close('gone');
      expect(await one.openOf('client')).toEqual({ count: 2, bytes: 200 });
    });

    it('restores an upload found in the store without bounds, never twice', async () => {
      const [one, other] = await fresh();
      await one.restore(entry('a', 'client'));
      await other.restore({ ...entry('a', 'client'), bytes: 500 });
      await other.restore(entry('b', 'client'));
      await other.restore(entry('c', 'client'));
      expect(await one.openOf('client')).toEqual({ count: 3, bytes: 300 });
      expect(await one.open(entry('d', 'client'), bounds)).toBe('count');
    });

    it('one writer per upload: a claim refuses others until released or past its lease', async () => {
      const [one, other] = await fresh();
      expect(await one.claim('a', 'first', 1000)).toBe(true);
      expect(await other.claim('a', 'second', 1000)).toBe(false);
      expect(await other.claim('b', 'second', 1000)).toBe(true);
      // Only the holder lets go or renews.
      await other.release('a', 'second');
      expect(await other.renew('a', 'second', 1000)).toBe(false);
      now += 900;
      expect(await one.renew('a', 'first', 1000)).toBe(true);
      now += 900;
      expect(await other.claim('a', 'second', 1000)).toBe(false);
      await one.release('a', 'first');
      expect(await other.claim('a', 'second', 1000)).toBe(true);
      // A holder that stops renewing loses the upload to the next.
      now += 1000;
      expect(await one.renew('a', 'second', 1000)).toBe(false);
      expect(await one.claim('a', 'third', 1000)).toBe(true);
      expect(await other.renew('a', 'second', 1000)).toBe(false);
    });
  });
}
