import type { ConversionJob } from '@grabbit/contracts/convert-jobs';
import { describe, expect, it } from 'vitest';
import type { QueueItem } from './conversion-queue';
import { notSentMessage, readKeptQueue, restoredItems, writeKeptQueue } from './kept-queue';

const job = (jobId: string): ConversionJob => ({
  jobId,
  status: 'converting',
  statusUrl: `/api/convert/jobs/${jobId}`,
});

/** An in-memory stand-in for session storage. */
function memoryStore() {
  const values = new Map<string, string>();
  return {
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
    removeItem: (key: string) => void values.delete(key),
    values,
  };
}

const items: QueueItem[] = [
  {
    id: 'running',
    name: 'clip.mp4',
    status: 'converting',
    progress: 100,
    job: job('j1'),
    progressId: 'p1',
    downloadName: 'clip.webm',
    conversion: { stage: 'converting', percent: 40 },
  },
  {
    id: 'done',
    name: 'song.wav',
    status: 'completed',
    progress: 100,
    job: job('j2'),
    outputUrl: 'blob:gone-after-reload',
    downloadName: 'song.mp3',
    outputBytes: 1234,
  },
  { id: 'waiting', name: 'later.mp4', status: 'converting', progress: 0, waiting: { for: 'slot' } },
  { id: 'bad', name: 'bad.mp4', status: 'failed', progress: 100, error: 'Not a video' },
];

describe('the kept conversion queue', () => {
  it('comes back after a reload: jobs followed again, failures kept, unsent files asked for again', () => {
    const store = memoryStore();
    writeKeptQueue(store, 'key', items);
    const restored = restoredItems(readKeptQueue(store, 'key'));
    expect(restored.map((item) => [item.id, item.status])).toEqual([
      ['running', 'converting'],
      ['done', 'converting'],
      ['waiting', 'failed'],
      ['bad', 'failed'],
    ]);
    expect(restored[0]).toMatchObject({ job: job('j1'), progressId: 'p1', conversion: { percent: 40 } });
    // A local link dies with the page: a finished job fetches its result again.
    expect(restored[1]).toMatchObject({ downloadName: 'song.mp3', conversion: { stage: 'finishing' } });
    expect(restored[1]?.outputUrl).toBeUndefined();
    expect(restored[2]).toMatchObject({ error: notSentMessage, needsFile: true });
    expect(restored[2]?.waiting).toBeUndefined();
    expect(restored[3]).toMatchObject({ error: 'Not a video' });
  });

  it('forgets an emptied queue and reads nothing from what it did not write', () => {
    const store = memoryStore();
    writeKeptQueue(store, 'key', items);
    writeKeptQueue(store, 'key', []);
    expect(store.values.size).toBe(0);
    store.setItem('key', '{not json');
    expect(readKeptQueue(store, 'key')).toEqual([]);
    store.setItem('key', JSON.stringify([{ id: 1 }, { id: 'a', name: 'a.png', status: 'lost' }]));
    expect(readKeptQueue(store, 'key')).toEqual([]);
    store.setItem(
      'key',
      JSON.stringify([{ id: 'a', name: 'a.png', status: 'converting', job: { jobId: 3 } }]),
    );
    expect(readKeptQueue(store, 'key')).toEqual([]);
  });
});
