import type { ConversionJob } from '@grabbit/contracts/convert-jobs';
import { describe, expect, it } from 'vitest';
import {
  batchProgress,
  completedItems,
  emptyQueue,
  queueReducer,
  statusText,
  type QueueState,
  waitingFor,
} from './conversion-queue';

function queued(...ids: string[]): QueueState {
  return queueReducer(emptyQueue, {
    type: 'batchStarted',
    items: ids.map((id) => ({ id, name: `${id}.png` })),
  });
}

const job = (jobId: string): ConversionJob => ({
  jobId,
  status: 'converting',
  statusUrl: `/api/convert/jobs/${jobId}`,
});

/** An item's job answered, then its result fetched. */
function completed(state: QueueState, id: string, outputUrl: string, downloadName: string): QueueState {
  const started = queueReducer(state, {
    type: 'jobStarted',
    id,
    job: job(id),
    progressId: `p-${id}`,
    downloadName,
  });
  return queueReducer(started, { type: 'completed', id, outputUrl });
}

/** A batch whose items all have their turn. */
function started(...ids: string[]): QueueState {
  return ids.reduce(
    (state, id) => queueReducer(state, { type: 'waiting', id, waiting: undefined }),
    queued(...ids),
  );
}

describe('conversion queue', () => {
  it('shows items waiting for their turn until they start', () => {
    const state = queued('a', 'b');
    const slot = 'Waiting for one of your running conversions to end…';
    expect(state.items.map(statusText)).toEqual([slot, slot]);
    const next = queueReducer(state, { type: 'waiting', id: 'a', waiting: undefined });
    expect(next.items.map(statusText)).toEqual(['Uploading… 0%', slot]);
    expect(waitingFor('TOO_MANY_ACTIVE_JOBS', 5000)).toEqual({ for: 'slot' });
    expect(waitingFor('BUSY', 4100)).toEqual({ for: 'busy', seconds: 5 });
    const limited = queueReducer(next, {
      type: 'waiting',
      id: 'b',
      waiting: waitingFor('RATE_LIMITED', 11_500),
    });
    expect(statusText(limited.items[1] as (typeof limited.items)[number])).toBe(
      'Waiting about 12 s: the server allows only so many new jobs a minute…',
    );
    expect(batchProgress(next)).toMatchObject({ total: 2, completed: 0, percent: 0 });
  });

  it('starts items converting at 0 and shows the upload percentage', () => {
    const state = queueReducer(started('a'), { type: 'uploadProgress', id: 'a', progress: 42.4 });
    expect(state.items[0]).toMatchObject({ status: 'converting', progress: 42 });
    expect(statusText(state.items[0]!)).toBe('Uploading… 42%');
  });

  it('never moves progress backwards', () => {
    let state = queueReducer(started('a'), { type: 'uploadProgress', id: 'a', progress: 80 });
    state = queueReducer(state, { type: 'uploadProgress', id: 'a', progress: 30 });
    expect(state.items[0]!.progress).toBe(80);
  });

  it('shows the server conversion percentage after the upload', () => {
    let state = queueReducer(started('a'), { type: 'uploadProgress', id: 'a', progress: 100 });
    expect(statusText(state.items[0]!)).toBe('Converting…');
    state = queueReducer(state, { type: 'conversionProgress', id: 'a', stage: 'uploading', percent: 100 });
    state = queueReducer(state, { type: 'conversionProgress', id: 'a', stage: 'converting', percent: 0 });
    expect(statusText(state.items[0]!)).toBe('Converting… 0%');
    state = queueReducer(state, { type: 'conversionProgress', id: 'a', stage: 'converting', percent: 37 });
    state = queueReducer(state, { type: 'conversionProgress', id: 'a', stage: 'converting', percent: 20 });
    expect(statusText(state.items[0]!)).toBe('Converting… 37%');
    state = queueReducer(state, { type: 'conversionProgress', id: 'a', stage: 'finishing', percent: 100 });
    expect(statusText(state.items[0]!)).toBe('Finishing…');
  });

  it('completes or fails an item, and ignores results for removed items', () => {
    let state = started('a', 'b', 'c');
    state = completed(state, 'a', 'blob:1', 'a.jpg');
    state = queueReducer(state, { type: 'failed', id: 'b', error: 'Not an image' });
    state = queueReducer(state, { type: 'removed', id: 'c' });
    state = completed(state, 'c', 'blob:2', 'c.jpg');
    expect(state.items.map((i) => i.id)).toEqual(['a', 'b']);
    expect(statusText(state.items[0]!)).toBe('Completed');
    expect(statusText(state.items[1]!)).toBe('Failed: Not an image');
    expect(completedItems(state).map((i) => i.downloadName)).toEqual(['a.jpg']);
  });

  it('a failed item stays failed when a late completion arrives', () => {
    let state = queueReducer(started('a'), { type: 'failed', id: 'a', error: 'x' });
    state = completed(state, 'a', 'blob:1', 'a.jpg');
    expect(state.items[0]!.status).toBe('failed');
  });

  it('counts the running batch for the overall bar, not earlier items', () => {
    let state = started('old');
    state = completed(state, 'old', 'blob:0', 'old.jpg');
    state = queueReducer(state, { type: 'batchFinished' });
    state = queueReducer(state, {
      type: 'batchStarted',
      items: [
        { id: 'x', name: 'x.png' },
        { id: 'y', name: 'y.png' },
      ],
    });
    state = completed(state, 'x', 'blob:1', 'x.jpg');
    expect(batchProgress(state)).toEqual({ total: 2, completed: 1, percent: 50 });
    state = queueReducer(state, { type: 'failed', id: 'y', error: 'bad' });
    expect(batchProgress(state)).toEqual({ total: 2, completed: 1, percent: 100 });
    expect(queueReducer(state, { type: 'cleared' })).toEqual(emptyQueue);
  });
});
