import { runAccessLedgerContract } from './access-ledger.contract';
import { MemoryAccessLedger } from './memory-access-ledger';

runAccessLedgerContract('MemoryAccessLedger', ({ cooldownMs, now }) => {
  const ledger = new MemoryAccessLedger(cooldownMs, now);
  return [ledger, ledger];
});
