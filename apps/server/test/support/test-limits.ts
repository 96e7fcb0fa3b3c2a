// Settings every test server gets (in-process apps and child processes alike).

/**
 * Per-client limits high enough never to be met by a server-level test that is not about them:
 * those tests fire many requests and jobs from one address through `inject`, far faster than a
 * person. The limit tests set their own; the browser tests of visitor flows (e2e/) run at the
 * shipped limits and take none of these.
 */
export const testLimits = {
  RATE_LIMIT_API_PER_MINUTE: '1000000',
  RATE_LIMIT_JOB_READS_PER_MINUTE: '1000000',
  RATE_LIMIT_JOBS_PER_MINUTE: '1000000',
  RATE_LIMIT_HUB_PER_MINUTE: '1000000',
  MAX_ACTIVE_JOBS_PER_CLIENT: '1000000',
  RESULTS_MAX_WAITING_PER_CLIENT: '1000000',
  RESULTS_MAX_WAITING_BYTES_PER_CLIENT: String(1024 ** 4),
  DISK_MIN_FREE_MB: '1',
};
