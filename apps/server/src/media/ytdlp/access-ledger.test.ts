import { describe, expect, it } from 'vitest';
import { AccessLedger } from './access-ledger';

const items = [{ key: 'a' }, { key: 'b' }];

describe('access ledger', () => {
  it('a quarantine lasts the cool-down, doubling on each repeat, and a success forgives it', () => {
    let now = 0;
    const ledger = new AccessLedger(1000, () => now);
    ledger.quarantine('a');
    expect(ledger.isQuarantined('a')).toBe(true);
    expect(ledger.pick(items)?.key).toBe('b');
    now = 1000;
    expect(ledger.isQuarantined('a')).toBe(false);
    ledger.quarantine('a');
    now = 2999;
    expect(ledger.isQuarantined('a')).toBe(true);
    now = 3000;
    expect(ledger.isQuarantined('a')).toBe(false);
    ledger.succeeded('a');
    ledger.quarantine('a');
    now = 4000;
    expect(ledger.isQuarantined('a')).toBe(false);
  });

  it('nothing healthy: nothing picked, unless quarantined ones may be', () => {
    const ledger = new AccessLedger(1000, () => 0);
    for (const item of items) ledger.quarantine(item.key);
    expect(ledger.pick(items)).toBeUndefined();
    expect(ledger.pick(items, Infinity, true)?.key).toBe('a');
  });
});
