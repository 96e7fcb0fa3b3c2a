import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { DiskResultStore } from './result-store';
import { runResultStoreContract } from './result-store.contract';

runResultStoreContract(
  'DiskResultStore',
  async (ttlMs) => new DiskResultStore(await mkdtemp(path.join(os.tmpdir(), 'grabbit-results-')), ttlMs),
);
