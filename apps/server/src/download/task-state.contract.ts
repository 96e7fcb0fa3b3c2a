// What every TaskStateStore must do, as a reusable suite (the scaled mode's Redis store runs it too).
import type { DownloadTask } from '@grabbit/contracts';
import { describe, expect, it } from 'vitest';
import type { TaskStateStore } from './task-state';

export function sampleTask(taskId: string, change: Partial<DownloadTask> = {}): DownloadTask {
  const now = new Date().toISOString();
  return {
    taskId,
    platform: 'youtube',
    url: 'https://www.youtube.com/watch?v=abc',
    format: 'mp4',
    status: 'pending',
    progress: 0,
    stage: 'queued',
    createdAt: now,
    updatedAt: now,
    ...change,
  };
}

export function runStateStoreContract(name: string, makeStore: () => TaskStateStore): void {
  describe(`${name} (task state store contract)`, () => {
    it('knows nothing of an unknown task', async () => {
      expect(await makeStore().get('nope')).toBeUndefined();
    });

    it('answers the last record written, result included', async () => {
      const store = makeStore();
      await store.set({ task: sampleTask('t1') });
      const result = { fileId: 'f1', fileName: 'a.mp4', fileSize: 3 };
      const done = sampleTask('t1', { status: 'completed', progress: 100 });
      await store.set({ task: done, result });
      expect(await store.get('t1')).toEqual({ task: done, result });
    });

    it('keeps tasks apart', async () => {
      const store = makeStore();
      await store.set({ task: sampleTask('a', { progress: 10 }) });
      await store.set({ task: sampleTask('b', { progress: 20 }) });
      expect((await store.get('a'))?.task.progress).toBe(10);
      expect((await store.get('b'))?.task.progress).toBe(20);
    });
  });
}
