// The real-time hub's names and payload shapes, without zod: the browser bundles import this file
// (as @grabbit/contracts/events) so they do not carry the schema library only for a few constants.

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
} as const;

export const hubPath = '/hubs/downloads';

export const conversionStages = ['uploading', 'converting', 'finishing'] as const;
export type ConversionStage = (typeof conversionStages)[number];

/** Event name on the hub; arguments: (progressId, payload). */
export const conversionProgressEvent = 'ConversionProgress';

/** The payload of ConversionProgress (convert.ts holds the matching schema). */
export interface ConversionProgress {
  /** 0-100 within the stage. */
  percent: number;
  stage: ConversionStage;
}
