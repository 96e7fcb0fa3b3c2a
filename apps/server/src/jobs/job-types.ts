// Jobs as data: every job is a serialisable `{ name, id, data }`, so an in-process runner and a
// queue (BullMQ in the scaled mode) carry the same thing. Nothing secret goes into `data`: a
// visitor's Instagram cookie is written into the job's own folder by the process that accepted
// it, and the job only names that folder (`jobDir`).
import type { ConverterKind } from '@grabbit/catalog';
import type {
  ClipOptions,
  ConvertOptions,
  DownloadFormatName,
  FileOptions,
  Quality,
} from '@grabbit/contracts';
import type { JobHandler, JobOf, JobTable } from './job-table';

/** One download (a single link, a playlist batch item or a post item). */
export interface DownloadJobData extends ClipOptions, FileOptions {
  taskId: string;
  platformId: string;
  /** The link as checked when the task was accepted. */
  url: string;
  isTestHost: boolean;
  format: DownloadFormatName;
  quality: Quality;
  removeWatermark: boolean;
  itemIndex?: number;
  /** Re-encode the download to fit this many megabytes (checked possible when accepted). */
  targetSizeMB?: number;
  /** Whose job it is (its rate-limit key): bounds how often its failures may rest a session. */
  owner?: string;
  /**
   * The job folder prepared by the accepting process (it holds the visitor's cookie file). Absent
   * when the job needs nothing prepared: the handler then makes its own folder.
   */
  jobDir?: string;
}

/** Where an uploaded file waits for its job: a bucket object, or a folder under DATA_DIR/uploads. */
export type ConvertInput = { store: 'bucket'; objectId: string } | { store: 'disk'; dir: string };

/** One conversion of an uploaded file (run by this process's runner, or in scaled mode a worker). */
export interface ConvertJobData {
  conversionId: string;
  kind: ConverterKind;
  input: ConvertInput;
  /** The upload's size as received (checked against the detected format's page limit). */
  bytes: number;
  /** Lowercase output extension as asked (jpg, mp3...). */
  outputExtension: string;
  options: ConvertOptions;
  /** The hub group `conversion:{progressId}` the visitor follows, if any. */
  progressId?: string;
  /** The visitor's download name and the result's type. */
  fileName: string;
  contentType: string;
}

/** One webhook delivery (its event and endpoint are read from the webhook store when it runs). */
export interface WebhookJobData {
  endpointId: string;
  deliveryId: string;
}

/** A download kept in cloud storage once it has ended (cloud/cloud-copy-job.ts). */
export interface CloudCopyJobData {
  /** The copy's job record (also the job's id). */
  copyId: string;
  /** The download it copies. */
  taskId: string;
  owner: string;
  customKey?: string;
  makePublic: boolean;
  retentionHours?: number;
  /** The origin the copy's link starts with ('' for a path). */
  origin: string;
}

/** Every job name and its data. */
export interface JobDataByName {
  download: DownloadJobData;
  convert: ConvertJobData;
  webhook: WebhookJobData;
  cloud: CloudCopyJobData;
}

export type JobName = keyof JobDataByName;

export const jobNames = ['download', 'convert', 'webhook', 'cloud'] as const satisfies readonly JobName[];

export type Job = JobOf<JobDataByName>;

/** The product's job table: both job names with their handler and limits. */
export type ProductJobTable = JobTable<JobDataByName>;

/** The handler of one of the product's job names. */
export type ProductJobHandler<N extends JobName> = JobHandler<JobDataByName[N]>;
