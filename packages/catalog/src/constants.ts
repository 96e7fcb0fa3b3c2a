// Business constants (clicks before a download, playlist caps, retention, time-outs...), in one place.
export const appVersion = '1.0.0';
export const siteName = 'Grabbit';
export const slogan = 'A free video downloader and converter platform';

export const monetization = {
  clicksRegular: 3,
  clicksAdult: 3,
  clicksQueueItem: 2,
  attempts: 2,
  retryDelayMs: 1000,
  scriptTimeoutMs: 2000,
  iframeRemoveMs: 3000,
  popunderCloseMs: 2000,
  resetAfterDownloadMs: 100,
} as const;

export const ads = {
  queueSpacingMs: 100,
  loadCheckMs: 3000,
  retryMs: 2000,
} as const;

export const ui = {
  queryGcTimeMs: 5 * 60 * 1000,
  relatedToolsMax: 6,
} as const;

export const network = {
  healthTimeoutPrimaryMs: 3000,
  healthTimeoutCandidateMs: 5000,
  httpTimeoutMs: 600000,
  reconnectRetries: 5,
  reconnectRetryDelayMs: 2000,
  hubBackoffStartMs: 1000,
  hubBackoffMaxMs: 10000,
  hubBackoffStopAfterMs: 60000,
  hubServerTimeoutMs: 30000,
  hubKeepAliveMs: 15000,
  batchCallbackCleanupMs: 5000,
  queryRetries: 3,
  queryRetryStartMs: 1000,
  queryRetryMaxMs: 30000,
} as const;

/**
 * How the pages pace their own work: the shipped per-client cap on running jobs (used while the
 * server's /api/config does not say), how long to wait on a refusal that names no time, the most
 * they wait at once, and how many refusals one file or link survives before it fails.
 */
export const pacing = {
  activeJobsPerClient: 3,
  retryWithoutHintMs: 2000,
  maxWaitMs: 65_000,
  maxAttempts: 12,
  /** The preview is asked for once the visitor has stopped typing this long. */
  previewDebounceMs: 600,
} as const;

/** Tooltips on icon-only controls. */
export const tooltips = {
  openDelayMs: 700,
  skipDelayMs: 300,
} as const;

export const downloadDefaults = {
  format: 'mp4',
  quality: 'best',
  retentionHours: 24,
  maxQualityHeight: 2160,
} as const;

export const playlistLimits = {
  autoDownloadUnder: 25,
  maxTotalHours: 8,
  maxSingleHours: 3,
  maxEstimatedBytes: 10 * 1024 ** 3,
} as const;

/**
 * The monetization default while the server's public config has not answered; the server's own
 * feature flags are settings (FEATURE_MONETIZATION, FEATURE_CLOUD_STORAGE).
 */
export const featureFlags = {
  monetization: true,
} as const;

/** Keys under which the browser keeps the monetization state. */
export const monetizationStorageKeys = {
  clickCount: 'grabbit_click_count',
  complete: 'grabbit_monetization_complete',
  platformType: 'grabbit_platform_type',
  conversionMode: 'grabbit_conversion_mode',
  sessionId: 'grabbit_session_id',
} as const;

export const authTokenStorageKey = 'auth_token';
