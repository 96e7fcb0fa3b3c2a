// What a joining client gets at once, for each state of a task or batch.
import { hubEvents, type BatchStatus, type DownloadTask } from '@grabbit/contracts';
import { describe, expect, it } from 'vitest';
import { batchAnswer, taskAnswer } from './hub-answers';

function sampleTask(taskId: string, change: Partial<DownloadTask> = {}): DownloadTask {
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

const batch = (change: Partial<BatchStatus>): BatchStatus => ({
  success: true,
  batchId: 'b',
  title: 'Mix',
  status: 'downloading',
  progress: 40,
  totalItems: 2,
  completedItems: 0,
  failedItems: 0,
  items: [],
  downloadUrl: '/api/download/playlist/b/download',
  message: '',
  ...change,
});

describe('hub join answers', () => {
  it('a task: unknown, running, completed, failed', () => {
    expect(taskAnswer('t', undefined)).toEqual([
      { event: hubEvents.taskError, args: ['t', expect.objectContaining({ code: 'TASK_NOT_FOUND' })] },
    ]);
    const running = sampleTask('t', { status: 'downloading', progress: 30, stage: 'downloading' });
    expect(taskAnswer('t', running)).toEqual([
      {
        event: hubEvents.taskProgress,
        args: ['t', { status: 'downloading', progress: 30, stage: 'downloading', speed: null, eta: null }],
      },
    ]);
    const done = sampleTask('t', { status: 'completed', progress: 100 });
    expect(taskAnswer('t', done)).toEqual([{ event: hubEvents.taskCompleted, args: ['t', done] }]);
    const failed = sampleTask('t', { status: 'error', error: 'Too long', errorCode: 'MEDIA_TOO_LONG' });
    expect(taskAnswer('t', failed)).toEqual([
      { event: hubEvents.taskError, args: ['t', { message: 'Too long', code: 'MEDIA_TOO_LONG' }] },
    ]);
  });

  it('a batch: unknown, running, completed (progress then the end), failed', () => {
    expect(taskAnswer('t', undefined)[0]?.event).toBe(hubEvents.taskError);
    expect(batchAnswer('b', undefined)[0]?.event).toBe(hubEvents.batchError);
    expect(batchAnswer('b', batch({}))).toEqual([{ event: hubEvents.batchProgress, args: ['b', 40] }]);
    const done = batch({ status: 'completed', progress: 100, completedItems: 2, message: 'ok' });
    expect(batchAnswer('b', done)).toEqual([
      { event: hubEvents.batchProgress, args: ['b', 100] },
      { event: hubEvents.batchCompleted, args: ['b', { success: true, message: 'ok' }] },
    ]);
    expect(batchAnswer('b', batch({ status: 'error', message: 'none' }))).toEqual([
      { event: hubEvents.batchError, args: ['b', { message: 'none' }] },
    ]);
  });
});
