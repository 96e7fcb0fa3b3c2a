import { describe, expect, it } from 'vitest';
import { MemoryTaskStateStore } from './task-state';
import { runStateStoreContract, sampleTask } from './task-state.contract';

runStateStoreContract('MemoryTaskStateStore', () => new MemoryTaskStateStore());

describe('MemoryTaskStateStore expiry', () => {
  it('forgets finished tasks once they are older than the keep time, never running ones', async () => {
    let now = 0;
    const store = new MemoryTaskStateStore(1000, () => now);
    await store.set({ task: sampleTask('running', { status: 'downloading' }) });
    await store.set({ task: sampleTask('done', { status: 'completed', progress: 100 }) });
    now = 999;
    await store.set({ task: sampleTask('other') });
    expect(await store.get('done')).toBeDefined();
    now = 1000;
    await store.set({ task: sampleTask('other') });
    expect(await store.get('done')).toBeUndefined();
    expect(await store.get('running')).toBeDefined();
  });
});
