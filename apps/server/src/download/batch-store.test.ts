import { describe, expect, it } from 'vitest';
import { MemoryBatchStore } from './batch-store';
import { runBatchStoreContract, sampleBatch } from './batch-store.contract';

runBatchStoreContract('MemoryBatchStore', () => new MemoryBatchStore());

describe('MemoryBatchStore expiry', () => {
  it('forgets batches and their task links once older than the keep time', async () => {
    let now = 0;
    const store = new MemoryBatchStore(1000, () => now);
    await store.put(sampleBatch('old', ['t1'], { createdAt: 0 }));
    now = 1000;
    await store.put(sampleBatch('new', ['t2'], { createdAt: 1000 }));
    expect(await store.get('old')).toBeUndefined();
    expect(await store.batchOfTask('t1')).toBeUndefined();
    expect(await store.get('new')).toBeDefined();
  });
});
