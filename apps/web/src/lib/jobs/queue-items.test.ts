import type { Job } from '@grabbit/contracts';
import { describe, expect, it } from 'vitest';
import { followedState, queueItemsReducer, type JobQueueItem } from './queue-items';

const job = (change: Partial<Job>): Job => ({
  id: 'j1',
  kind: 'download',
  status: 'running',
  progress: 0,
  stage: 'downloading',
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  statusUrl: '/api/jobs/j1',
  ...change,
});

describe('the queue items of either page', () => {
  it('take their job’s progress forward only while it runs', () => {
    const at40 = followedState(undefined, job({ progress: 40 }));
    expect(followedState(at40, job({ progress: 30 })).progress).toBe(40);
    expect(followedState(at40, job({ progress: 55, stage: 'processing' }))).toMatchObject({
      progress: 55,
      stage: 'processing',
    });
  });

  it('keep a final state: a late read or event never undoes it', () => {
    const done = followedState(
      undefined,
      job({ status: 'done', progress: 100, result: { url: '/api/download/file/f', bytes: 7 } }),
    );
    expect(done).toMatchObject({ status: 'done', resultUrl: '/api/download/file/f', resultBytes: 7 });
    expect(followedState(done, job({ status: 'running', progress: 90 }))).toBe(done);
  });

  it('carry a failed job’s message and code', () => {
    const failed = followedState(
      undefined,
      job({ status: 'failed', error: { code: 'MEDIA_NOT_FOUND', message: 'No video there' } }),
    );
    expect(failed).toMatchObject({ status: 'failed', error: 'No video there', errorCode: 'MEDIA_NOT_FOUND' });
  });

  it('are added, changed, removed, and learn their job by item id', () => {
    type Item = JobQueueItem & { name: string };
    let items: Item[] = queueItemsReducer<Item>([], {
      type: 'add',
      items: [
        { id: 'a', name: 'A' },
        { id: 'b', name: 'B' },
      ],
    });
    items = queueItemsReducer(items, { type: 'update', id: 'a', patch: { name: 'A2' } });
    items = queueItemsReducer(items, { type: 'job', id: 'b', job: job({ progress: 12 }) });
    items = queueItemsReducer(items, { type: 'job', id: 'gone', job: job({ progress: 99 }) });
    expect(items).toEqual([
      { id: 'a', name: 'A2' },
      { id: 'b', name: 'B', followed: { status: 'running', progress: 12, stage: 'downloading' } },
    ]);
    expect(queueItemsReducer(items, { type: 'remove', id: 'a' }).map((item) => item.id)).toEqual(['b']);
  });
});
