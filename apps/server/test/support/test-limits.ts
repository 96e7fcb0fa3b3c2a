// Settings every test server gets (in-process apps and child processes alike).

/** Per-client limits high enough never to be met by a test that is not about them. */
export const testLimits = {
  RATE_LIMIT_API_PER_MINUTE: '1000000',
  RATE_LIMIT_JOBS_PER_MINUTE: '1000000',
  RATE_LIMIT_HUB_PER_MINUTE: '1000000',
  MAX_ACTIVE_JOBS_PER_CLIENT: '1000000',
  DISK_MIN_FREE_MB: '1',
};
