// The real-time hub's names and payload shapes, without zod: the browser bundles import this file
// (as @grabbit/contracts/events) so they do not carry the schema library only for a few constants.

import type { BatchCompletedEvent, TaskErrorEvent } from './download';
import type { DownloadTask, TaskProgressUpdate } from './download-answers';

/** Real-time hub (socket.io at /hubs/downloads) event names. */
export const hubEvents = {
  joinTask: 'JoinTaskGroup',
  joinBatch: 'JoinBatchGroup',
  joinConversion: 'JoinConversionGroup',
  taskProgress: 'TaskProgressUpdate',
  taskCompleted: 'TaskCompleted',
  taskError: 'TaskError',
  batchProgress: 'BatchProgressUpdate',
  batchError: 'BatchError',
  batchCompleted: 'BatchCompleted',
} as const satisfies Record<string, keyof HubServerEvents | keyof HubClientEvents>;

export const hubPath = '/hubs/downloads';

export const conversionStages = ['uploading', 'converting', 'finishing'] as const;
export type ConversionStage = (typeof conversionStages)[number];

/** Event name on the hub; arguments: (progressId, payload). */
export const conversionProgressEvent = 'ConversionProgress' satisfies keyof HubServerEvents;

/** The payload of ConversionProgress (convert.ts holds the matching schema). */
export interface ConversionProgress {
  /** 0-100 within the stage. */
  percent: number;
  stage: ConversionStage;
}

/**
 * Every event the hub sends, with its arguments: one map for the event bus, socket.io's type
 * parameters and the pages' hub client.
 */
export interface HubServerEvents {
  TaskProgressUpdate: (taskId: string, update: TaskProgressUpdate) => void;
  TaskCompleted: (taskId: string, task: DownloadTask) => void;
  TaskError: (taskId: string, error: TaskErrorEvent) => void;
  BatchProgressUpdate: (batchId: string, percent: number) => void;
  BatchError: (batchId: string, error: { message: string }) => void;
  BatchCompleted: (batchId: string, end: BatchCompletedEvent) => void;
  ConversionProgress: (progressId: string, progress: ConversionProgress) => void;
}

/** What clients send: join a group by its id (an optional acknowledgement callback). */
export interface HubClientEvents {
  JoinTaskGroup: (taskId: string, ack?: (ok: boolean) => void) => void;
  JoinBatchGroup: (batchId: string, ack?: (ok: boolean) => void) => void;
  JoinConversionGroup: (progressId: string, ack?: (ok: boolean) => void) => void;
}

export type HubEventName = keyof HubServerEvents;
