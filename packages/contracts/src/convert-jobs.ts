// Long conversions: a client that sends `Prefer: respond-async` gets the
// converted file as before when it is ready within the server's wait; otherwise 202 with a job it
// follows (hub progress on `conversion:{ProgressId}`, this status at statusUrl) until the result
// link is ready. Clients that send nothing wait for the file, as always.
import { apiPath, apiRoutes } from './api-paths';

export const respondAsyncHeader = { name: 'Prefer', value: 'respond-async' } as const;

/** The query parameter naming the press of Convert a conversion belongs to (one job start per batch). */
export const conversionBatchParam = 'batch';

export const conversionJobStatuses = ['converting', 'completed', 'failed'] as const;
export type ConversionJobStatus = (typeof conversionJobStatuses)[number];

export interface ConversionJob {
  jobId: string;
  status: ConversionJobStatus;
  /** GET: this job's state (the truth after a reconnect). */
  statusUrl: string;
  /** Once completed: GET the result (a path under /api/), until it expires like download results. */
  downloadUrl?: string;
  fileName?: string;
  /** Once failed: the visitor's message and its stable code. */
  error?: string;
  code?: string;
}

export const conversionJobPath = (jobId: string) => apiPath(apiRoutes.conversionJob, { jobId });
export const conversionResultPath = (fileId: string) => apiPath(apiRoutes.conversionResult, { fileId });

/**
 * The converter page's preference: the job as soon as the conversion is queued (`wait=0`), so the
 * page knows its id from the start and finds the conversion again after a reload.
 */
export const respondAsyncAtOnce = { name: 'Prefer', value: 'respond-async, wait=0' } as const;
