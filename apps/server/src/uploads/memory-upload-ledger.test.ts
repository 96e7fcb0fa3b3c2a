import { runUploadLedgerContract } from './upload-ledger.contract';
import { MemoryUploadLedger } from './memory-upload-ledger';

// One process: both "processes" of the suite are the same ledger.
runUploadLedgerContract('MemoryUploadLedger', ({ now }) => {
  const ledger = new MemoryUploadLedger(now);
  return [ledger, ledger];
});
