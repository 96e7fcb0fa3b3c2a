// The conversion queue as a pure reducer: an item starts converting with
// progress 0, learns its server job once the upload is in, and ends completed (with a local link)
// or failed (with its message). Items can be removed or cleared at any time; late results for a
// removed item are ignored. Items kept across a reload come back through `restored`.

import type { ConversionStage } from '@grabbit/contracts';
import type { ConversionJob } from '@grabbit/contracts/convert-jobs';
import { queueItemsReducer, type JobQueueItem, type QueueItemsAction } from '../../../lib/jobs/queue-items';

export type { ConversionStage };
export type QueueItemStatus = 'converting' | 'completed' | 'failed';

export interface QueueItem extends JobQueueItem {
  id: string;
  /** The chosen file's name (the file itself is not kept across a reload). */
  name: string;
  status: QueueItemStatus;
  /** The server's job, once the upload is in: the conversion is followed (and found again) by it. */
  job?: ConversionJob;
  /** The hub group of the conversion's progress events. */
  progressId?: string;
  /**
   * What the item waits for before it uploads: a free slot (the page runs only as many conversions
   * at once as the server allows), or the server's per-minute limit on new jobs (for `seconds`).
   */
  waiting?: Waiting;
  /** Upload percentage, 0-100. */
  progress: number;
  /** What the server reports while it works; absent until its first report. */
  conversion?: { stage: ConversionStage; percent: number };
  outputUrl?: string;
  downloadName?: string;
  /** The converted file's size, shown beside its name. */
  outputBytes?: number;
  error?: string;
  /** Already in the chosen format: kept as it is (its own file is the result), with the line that says so. */
  keptAsIs?: string;
  /** Never sent before a reload: the page lost the file, the visitor adds it again (see kept-queue). */
  needsFile?: boolean;
}

export type Waiting = { for: 'slot' } | { for: 'limit' | 'busy'; seconds: number };

/** What a refusal the page waits out (its code) makes the item wait for. */
export function waitingFor(code: string | undefined, ms: number): Waiting {
  if (code === 'TOO_MANY_ACTIVE_JOBS') return { for: 'slot' };
  return { for: code === 'BUSY' ? 'busy' : 'limit', seconds: Math.ceil(ms / 1000) };
}

export interface QueueState {
  items: QueueItem[];
  /** Ids of the batch being processed, for the overall bar. */
  batchIds: string[];
}

export type QueueAction =
  | { type: 'batchStarted'; items: { id: string; name: string }[] }
  | {
      type: 'keptAsIs';
      items: { id: string; name: string; outputUrl: string; outputBytes: number; note: string }[];
    }
  | { type: 'jobStarted'; id: string; job: ConversionJob; progressId: string; downloadName: string }
  | Extract<QueueItemsAction<QueueItem>, { type: 'job' }>
  | { type: 'restored'; items: QueueItem[] }
  | { type: 'waiting'; id: string; waiting: Waiting | undefined }
  | { type: 'uploadProgress'; id: string; progress: number }
  | { type: 'conversionProgress'; id: string; stage: ConversionStage; percent: number }
  | { type: 'completed'; id: string; outputUrl: string; outputBytes?: number }
  | { type: 'failed'; id: string; error: string }
  | { type: 'batchFinished' }
  | { type: 'removed'; id: string }
  | { type: 'cleared' };

export const emptyQueue: QueueState = { items: [], batchIds: [] };

const clampPercent = (value: number) => Math.max(0, Math.min(100, Math.round(value)));

function updateConverting(state: QueueState, id: string, change: (item: QueueItem) => QueueItem): QueueState {
  return {
    ...state,
    items: state.items.map((item) => (item.id === id && item.status === 'converting' ? change(item) : item)),
  };
}

export function queueReducer(state: QueueState, action: QueueAction): QueueState {
  switch (action.type) {
    case 'batchStarted': {
      const added = action.items.map(({ id, name }): QueueItem => ({
        id,
        name,
        status: 'converting',
        waiting: { for: 'slot' },
        progress: 0,
      }));
      return { items: [...state.items, ...added], batchIds: added.map((item) => item.id) };
    }
    case 'keptAsIs': {
      const kept = action.items.map(({ id, name, outputUrl, outputBytes, note }): QueueItem => ({
        id,
        name,
        status: 'completed',
        progress: 100,
        outputUrl,
        outputBytes,
        downloadName: name,
        keptAsIs: note,
      }));
      return { ...state, items: [...state.items, ...kept] };
    }
    case 'jobStarted':
      return updateConverting(state, action.id, (item) => ({
        ...item,
        job: action.job,
        progressId: action.progressId,
        downloadName: action.downloadName,
        progress: 100,
      }));
    case 'restored': {
      const known = new Set(state.items.map((item) => item.id));
      return { ...state, items: [...action.items.filter((item) => !known.has(item.id)), ...state.items] };
    }
    case 'waiting':
      return updateConverting(state, action.id, (item) => ({ ...item, waiting: action.waiting }));
    case 'uploadProgress':
      // Progress only moves forward: late or repeated events never make a bar jump back.
      return updateConverting(state, action.id, (item) => ({
        ...item,
        progress: Math.max(item.progress, clampPercent(action.progress)),
      }));
    case 'conversionProgress':
      return updateConverting(state, action.id, (item) => {
        // Each stage counts from 0 again; within a stage the percentage only moves forward.
        const sameStage = item.conversion?.stage === action.stage;
        const percent = clampPercent(action.percent);
        return {
          ...item,
          conversion: {
            stage: action.stage,
            percent: sameStage ? Math.max(item.conversion?.percent ?? 0, percent) : percent,
          },
        };
      });
    case 'completed':
      return updateConverting(state, action.id, (item) => ({
        ...item,
        status: 'completed',
        progress: 100,
        outputUrl: action.outputUrl,
        outputBytes: action.outputBytes,
      }));
    case 'failed':
      return updateConverting(state, action.id, (item) => ({
        ...item,
        status: 'failed',
        error: action.error,
      }));
    case 'job':
      // The job's state as the follower read it (a late read of a removed item changes nothing).
      return { ...state, items: queueItemsReducer(state.items, action) };
    case 'batchFinished':
      return { ...state, batchIds: [] };
    case 'removed':
      return {
        items: queueItemsReducer(state.items, { type: 'remove', id: action.id }),
        batchIds: state.batchIds.filter((id) => id !== action.id),
      };
    case 'cleared':
      return emptyQueue;
  }
}

export function completedItems(state: QueueState): QueueItem[] {
  return state.items.filter((item) => item.status === 'completed');
}

/** The overall bar: how many files the running batch has and how many of them completed. */
export function batchProgress(state: QueueState): { total: number; completed: number; percent: number } {
  const batch = state.items.filter((item) => state.batchIds.includes(item.id));
  const completed = batch.filter((item) => item.status === 'completed').length;
  const settled = batch.filter((item) => item.status !== 'converting').length;
  const percent = batch.length === 0 ? 0 : Math.round((settled / batch.length) * 100);
  return { total: batch.length, completed, percent };
}

/** The status line of an item, also read out by screen readers. */
export function statusText(item: QueueItem): string {
  if (item.status === 'completed') return item.keptAsIs ?? 'Completed';
  if (item.status === 'failed') return item.needsFile ? (item.error ?? '') : `Failed: ${item.error ?? ''}`;
  if (item.waiting?.for === 'slot') return 'Waiting for one of your running conversions to end…';
  if (item.waiting?.for === 'limit')
    return `Waiting about ${item.waiting.seconds} s: the server allows only so many new jobs a minute…`;
  if (item.waiting?.for === 'busy')
    return `The server is busy: trying again in about ${item.waiting.seconds} s…`;
  const conversion = item.conversion;
  if (conversion?.stage === 'finishing') return 'Finishing…';
  if (conversion?.stage === 'converting') return `Converting… ${conversion.percent}%`;
  if (item.progress >= 100) return 'Converting…';
  return `Uploading… ${item.progress}%`;
}
