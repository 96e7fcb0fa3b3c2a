import { describe, expect, it } from 'vitest';
import { keptDownloads, notStartedMessage } from './kept-downloads';
import type { QueueItem } from './queue';

/** A session store in memory. */
function memoryStore() {
  const values = new Map<string, string>();
  return {
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
    removeItem: (key: string) => void values.delete(key),
    values,
  };
}

const item = (id: string, change: Partial<QueueItem> = {}): QueueItem => ({
  id,
  url: `https://example.com/${id}`,
  status: 'pending',
  progress: 0,
  format: 'mp4',
  quality: 'best',
  title: id,
  ...change,
});

describe('the download queue kept across a reload', () => {
  it('comes back with its jobs to follow, never with the visitor’s session cookie', () => {
    const store = memoryStore();
    const kept = keptDownloads('youtube');
    kept.write(store, [
      item('running', { status: 'downloading', progress: 40, taskId: 't1', sessionCookie: 'secret' }),
      item('zip', { status: 'processing', batchId: 'b1' }),
      item('done', { status: 'completed', progress: 100, taskId: 't2', downloadUrl: '/api/download/file/f' }),
      item('waiting'),
    ]);
    expect([...store.values.keys()]).toEqual(['grabbit.downloads.youtube']);
    expect(store.values.get('grabbit.downloads.youtube')).not.toContain('secret');
    expect(kept.read(store)).toEqual([
      item('running', { status: 'downloading', progress: 40, taskId: 't1' }),
      item('zip', { status: 'processing', batchId: 'b1' }),
      item('done', { status: 'completed', progress: 100, taskId: 't2', downloadUrl: '/api/download/file/f' }),
      item('waiting'),
    ]);
  });

  it('says an item whose start had not answered needs Retry: it has no job to follow', () => {
    const store = memoryStore();
    const kept = keptDownloads('youtube');
    kept.write(store, [item('starting', { status: 'downloading' })]);
    expect(kept.read(store)).toEqual([
      item('starting', { status: 'error', error: notStartedMessage, retryable: true }),
    ]);
  });

  it('drops what it did not write, and forgets an emptied queue', () => {
    const store = memoryStore();
    store.setItem(
      'grabbit.downloads.youtube',
      JSON.stringify([{ id: 1 }, item('a', { status: 'unknown' as never })]),
    );
    expect(keptDownloads('youtube').read(store)).toEqual([]);
    store.setItem('grabbit.downloads.youtube', '{not json');
    expect(keptDownloads('youtube').read(store)).toEqual([]);
    keptDownloads('youtube').write(store, []);
    expect(store.values.size).toBe(0);
  });
});
