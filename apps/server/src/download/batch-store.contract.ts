// What every BatchStore must do, as a reusable suite (the scaled mode's Redis store runs it too).
import { describe, expect, it } from 'vitest';
import type { BatchRecord, BatchStore } from './batch-store';

export function sampleBatch(
  batchId: string,
  taskIds: string[],
  change: Partial<BatchRecord> = {},
): BatchRecord {
  return {
    batchId,
    title: 'Mix',
    items: taskIds.map((taskId, index) => ({ url: `https://example.com/${index}`, title: null, taskId })),
    createdAt: Date.now(),
    lastProgress: -1,
    finished: false,
    ...change,
  };
}

export function runBatchStoreContract(name: string, makeStore: () => BatchStore): void {
  describe(`${name} (batch store contract)`, () => {
    it('knows nothing of an unknown batch or task', async () => {
      const store = makeStore();
      expect(await store.get('nope')).toBeUndefined();
      expect(await store.batchOfTask('nope')).toBeUndefined();
      expect(await store.advance('nope', { progress: 10 })).toBe(false);
    });

    it('answers the batch written and finds it from each of its tasks', async () => {
      const store = makeStore();
      const batch = sampleBatch('b1', ['t1', 't2']);
      await store.put(batch);
      await store.put(sampleBatch('b2', ['t3']));
      expect(await store.get('b1')).toEqual(batch);
      expect(await store.batchOfTask('t1')).toBe('b1');
      expect(await store.batchOfTask('t2')).toBe('b1');
      expect(await store.batchOfTask('t3')).toBe('b2');
    });

    it('moves progress only forward, and each move is granted once', async () => {
      const store = makeStore();
      await store.put(sampleBatch('b1', ['t1']));
      expect(await store.advance('b1', { progress: 0 })).toBe(true);
      expect(await store.advance('b1', { progress: 0 })).toBe(false);
      expect(await store.advance('b1', { progress: 40 })).toBe(true);
      expect(await store.advance('b1', { progress: 30 })).toBe(false);
      expect((await store.get('b1'))?.lastProgress).toBe(40);
    });

    it('grants the end to one caller only, and nothing after it', async () => {
      const store = makeStore();
      await store.put(sampleBatch('b1', ['t1']));
      const claims = await Promise.all([
        store.advance('b1', { finished: true }),
        store.advance('b1', { finished: true }),
      ]);
      expect(claims.filter(Boolean)).toHaveLength(1);
      expect(await store.advance('b1', { progress: 90 })).toBe(false);
      expect((await store.get('b1'))?.finished).toBe(true);
    });
  });
}
