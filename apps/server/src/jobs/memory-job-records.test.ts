import { describe, expect, it } from 'vitest';
import { runJobRecordStoreContract, sampleJob } from './job-records.contract';
import { MemoryJobRecordStore } from './memory-job-records';

runJobRecordStoreContract(
  'MemoryJobRecordStore',
  ({ slotMs }) => new MemoryJobRecordStore(3_600_000, slotMs),
);

describe('MemoryJobRecordStore expiry', () => {
  it('forgets records once older than the keep time, and their slots with them', async () => {
    let now = 0;
    const store = new MemoryJobRecordStore(1000, 10_000, () => now);
    await store.create(sampleJob('old'));
    now = 999;
    await store.create(sampleJob('young', 'client-b'));
    expect(await store.get('old')).toBeDefined();
    now = 1000;
    expect(await store.get('old')).toBeUndefined();
    await store.create(sampleJob('other', 'client-b'));
    expect(await store.slotsHeld('client-a')).toBe(0);
    expect(await store.get('young')).toBeDefined();
  });
});
