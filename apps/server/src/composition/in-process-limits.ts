// The in-process runner's limits per job name (embedded mode), from the same settings scaled mode
// gives its queues (scaled/scaled-downloads.ts): downloads the DOWNLOAD_* ones, conversions the
// CONVERT_* ones, so a burst of downloads never holds back a conversion and the reverse.
import type { Config } from '../config/env';
import type { JobName } from '../jobs/job-types';
import type { JobLimits } from '../jobs/runner';

export function inProcessJobLimits(config: Config): Record<JobName, JobLimits> {
  return {
    // The downloader bounds its own queue (DownloadService.startTask).
    download: { concurrency: config.DOWNLOAD_CONCURRENCY },
    convert: {
      concurrency: config.CONVERT_CONCURRENCY,
      queueLimit: config.CONVERT_QUEUE_LIMIT,
      busyMessage: 'The converter is busy right now. Please try again in a minute.',
    },
  };
}
