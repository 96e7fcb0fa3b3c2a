import { describe, expect, it } from 'vitest';
import { runJobRecordStoreContract, sampleJob } from './job-records.contract';
import { MemoryJobRecordStore } from './memory-job-records';

runJobRecordStoreContract(
  'MemoryJobRecordStore',
  ({ slotMs }) => new MemoryJobRecordStore(3_600_000, slotMs),
);

describe('MemoryJobRecordStore expiry', () => {
  it('forgets records once ended longer than the keep time, never while they run', async () => {
    // lru-cache reads a start time of 0 as none, and forgets once strictly past the keep time.
    let now = 1;
    const store = new MemoryJobRecordStore(1000, 10_000, () => now);
    await store.create(sampleJob('old'));
    await store.create(sampleJob('running', 'client-b'));
    await store.update('old', (current) => ({ ...current, status: 'done' }));
    now = 1001;
    expect(await store.get('old')).toBeDefined();
    now = 1002;
    expect(await store.get('old')).toBeUndefined();
    await store.create(sampleJob('other', 'client-c'));
    expect(await store.slotsHeld('client-a')).toBe(0);
    // A job that outlives the keep time is still there for its waiters, slot included.
    now = 5000;
    expect(await store.get('running')).toBeDefined();
    expect(await store.slotsHeld('client-b')).toBe(1);
  });
});
