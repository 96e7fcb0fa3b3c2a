import { apiPath, apiRoutes, type DownloadTask } from '@grabbit/contracts';
import { describe, expect, it } from 'vitest';
import { batchStatus } from './batch-status';

const batch = {
  title: 'Mix',
  items: ['a', 'b', 'c'].map((name) => ({ url: `https://x.test/${name}`, title: null, taskId: name })),
};

const task = (status: DownloadTask['status'], progress: number): DownloadTask => ({
  taskId: 't',
  platform: 'youtube',
  url: 'https://x.test/',
  format: 'mp4',
  status,
  progress,
  stage: status,
  createdAt: '2026-01-01T00:00:00Z',
  updatedAt: '2026-01-01T00:00:00Z',
});

describe('a batch status', () => {
  it('is pending until an item moves, then the mean of its items, a failed one counting as done', () => {
    const pending = batchStatus('b1', batch, [task('pending', 0), task('pending', 0), task('pending', 0)]);
    expect(pending).toMatchObject({ status: 'pending', progress: 0, totalItems: 3 });
    const moving = batchStatus('b1', batch, [task('downloading', 50), task('error', 0), task('pending', 0)]);
    expect(moving).toMatchObject({ status: 'downloading', progress: 50, failedItems: 1 });
    expect(moving.message).toBe('0 of 1 ready so far');
    expect(moving.downloadUrl).toBe(apiPath(apiRoutes.batchZip, { batchId: 'b1' }));
  });

  it('ends completed when one item is ready, an error when none is; a task gone counts as failed', () => {
    const some = batchStatus('b1', batch, [task('completed', 100), task('error', 0), undefined]);
    expect(some).toMatchObject({ status: 'completed', progress: 100, completedItems: 1, failedItems: 2 });
    expect(some.message).toBe('Some items failed: 1 downloaded, 2 failed.');
    const none = batchStatus('b1', batch, [task('error', 0), undefined, task('error', 0)]);
    expect(none).toMatchObject({ status: 'error', message: 'No item of the playlist could be downloaded.' });
  });
});
