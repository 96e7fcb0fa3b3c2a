// Jobs as data: every job is a serialisable `{ name, id, data }`, so an in-process runner and a
// queue (BullMQ in the scaled mode) carry the same thing. Nothing secret goes into `data`: a
// visitor's Instagram cookie is written into the job's own folder by the process that accepted
// it, and the job only names that folder (`jobDir`).
import type { ClipOptions, DownloadFormatName, Quality } from '@grabbit/contracts';

/** One download (a single link, a playlist batch item or a post item). */
export interface DownloadJobData extends ClipOptions {
  taskId: string;
  platformId: string;
  /** The link as checked when the task was accepted. */
  url: string;
  isTestHost: boolean;
  format: DownloadFormatName;
  quality: Quality;
  removeWatermark: boolean;
  itemIndex?: number;
  /**
   * The job folder prepared by the accepting process (it holds the visitor's cookie file). Absent
   * when the job needs nothing prepared: the handler then makes its own folder.
   */
  jobDir?: string;
}

/** Every job name and its data. */
export interface JobDataByName {
  download: DownloadJobData;
}

export type JobName = keyof JobDataByName;

export const jobNames = ['download'] as const satisfies readonly JobName[];

export type Job = {
  [N in JobName]: { name: N; /** The task it serves. */ id: string; data: JobDataByName[N] };
}[JobName];

/** Runs one job's data; the signal aborts it when the runner closes. */
export type JobHandler<N extends JobName> = (data: JobDataByName[N], signal: AbortSignal) => Promise<void>;

export type JobHandlers = { [N in JobName]: JobHandler<N> };
