// A download start as the service takes it, and the fields of it a job's data and record keep:
// only what the request set, so job data stays small and defaults stay the code's.
import type { ClipOptions, DownloadFormatName, FileOptions, Quality } from '@grabbit/contracts';
import type { ResultFields } from '../jobs/job-records';
import type { DownloadJobData } from '../jobs/job-types';

export interface StartTaskInput extends ClipOptions, FileOptions {
  url: string;
  format: DownloadFormatName;
  quality: Quality;
  removeWatermark?: boolean;
  itemIndex?: number;
  instagramCookies?: string;
  targetSizeMB?: number;
  /** The visitor waits for the file itself (the answer is the file). */
  directDownload?: boolean;
  /** A cloud copy takes the file (cloud storage keeps it under its own per-client quota). */
  forCloudCopy?: boolean;
  /** The job this download is one part of (a post's other items): its result counts with theirs. */
  partOf?: string;
}

/** The clip options a request set (job data holds only what is there). */
export function clipFieldsOf({ startTime, endTime, subtitles }: ClipOptions): ClipOptions {
  return {
    ...(startTime === undefined ? {} : { startTime }),
    ...(endTime === undefined ? {} : { endTime }),
    ...(subtitles === undefined ? {} : { subtitles }),
  };
}

/** The file options that differ from the defaults (job data holds only those). */
export function fileFieldsOf({ tags, splitChapters, sponsorBlock }: FileOptions): FileOptions {
  return {
    ...(tags === false ? { tags } : {}),
    ...(splitChapters ? { splitChapters } : {}),
    ...(sponsorBlock && sponsorBlock !== 'off' ? { sponsorBlock } : {}),
  };
}

/**
 * Who collects a download's result (jobs/waiting-results.ts): the request itself for a direct
 * download, the cloud copy for one kept in cloud storage, else its owner later; a batch's or a
 * post's items are parts of one result.
 */
export function resultFieldsOf(input: StartTaskInput & { batchId?: string }): ResultFields {
  const partOf = input.partOf ?? input.batchId;
  return {
    ...(input.directDownload || input.forCloudCopy ? { pickup: 'request' as const } : {}),
    ...(partOf ? { partOf } : {}),
  };
}

/** The job's data of a start: the checked link, and what the request set (owner aside). */
export function jobDataOf(
  input: StartTaskInput,
  task: {
    taskId: string;
    platformId: string;
    link: { url: string; isTestHost: boolean };
    jobDir: string | undefined;
  },
): Omit<DownloadJobData, 'owner'> {
  return {
    taskId: task.taskId,
    platformId: task.platformId,
    url: task.link.url,
    isTestHost: task.link.isTestHost,
    format: input.format,
    quality: input.quality,
    removeWatermark: input.removeWatermark ?? false,
    ...clipFieldsOf(input),
    ...fileFieldsOf(input),
    ...(input.itemIndex === undefined ? {} : { itemIndex: input.itemIndex }),
    ...(input.targetSizeMB === undefined ? {} : { targetSizeMB: input.targetSizeMB }),
    ...(task.jobDir ? { jobDir: task.jobDir } : {}),
  };
}
