// One schema-validated configuration, read once at start-up. Every bad variable is listed in one
// message, so an operator fixes them all in one go.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { maxChunkBytes } from '@grabbit/contracts/resumable-uploads';
import { z } from 'zod';
import { readSecretFiles } from './secret-files';
import { resolveYtDlpSettings, ytDlpSettingsShape, type YtDlpSettings } from './ytdlp-settings';

const commaList = z
  .string()
  .default('')
  .transform((text) =>
    text
      .split(',')
      .map((item) => item.trim())
      .filter(Boolean),
  );

const positiveInt = (fallback: number) => z.coerce.number().int().positive().default(fallback);

/** ImageMagick 7 ships `magick`; Debian's 6 ships `convert` (a stand-in may shadow it in /usr/local). */
function defaultMagickPath(): string {
  return existsSync('/usr/bin/convert') ? '/usr/bin/convert' : 'convert';
}

export const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(5000),
  /** Public origin used for canonical addresses and the sitemap. */
  PUBLIC_URL: z.url().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DATA_DIR: z.string().default('.data'),
  WEB_DIST_DIR: z.string().default(path.resolve(import.meta.dirname, '../../../web/dist')),
  FFMPEG_PATH: z.string().default('ffmpeg'),
  FFPROBE_PATH: z.string().default('ffprobe'),
  MAGICK_PATH: z.string().default(defaultMagickPath()),
  GST_LAUNCH_PATH: z.string().default('gst-launch-1.0'),
  /** Offline testing: hosts that count as belonging to every platform. Refused in production. */
  MEDIA_TEST_HOSTS: commaList,
  DOWNLOAD_CONCURRENCY: positiveInt(2),
  DOWNLOAD_TIMEOUT_SECONDS: positiveInt(30 * 60),
  DOWNLOAD_MAX_BYTES: positiveInt(4 * 1024 ** 3),
  DOWNLOAD_MAX_DURATION_SECONDS: positiveInt(3 * 60 * 60),
  /** The SponsorBlock API a download asks for a video's segments (through the egress guard). */
  SPONSORBLOCK_API_URL: z.url({ protocol: /^https?$/ }).default('https://sponsor.ajay.app'),
  /** Past this, a download goes on without SponsorBlock's segments (and says so). */
  SPONSORBLOCK_TIMEOUT_MS: positiveInt(3000),
  CONVERT_CONCURRENCY: positiveInt(2),
  CONVERT_TIMEOUT_SECONDS: positiveInt(30 * 60),
  /** Conversions waiting beyond the running ones; more answer BUSY instead of piling up. */
  CONVERT_QUEUE_LIMIT: positiveInt(64),
  /** Largest image (or video frame) in pixels any engine will decode. */
  CONVERT_MAX_PIXELS: positiveInt(100_000_000),
  /** Largest result of one conversion: refused before work when foreseen, stopped when passed. */
  CONVERT_MAX_OUTPUT_BYTES: positiveInt(1024 ** 3),
  /** Longest result of one conversion, in seconds of media. */
  CONVERT_MAX_OUTPUT_SECONDS: positiveInt(3 * 60 * 60),
  RESULT_TTL_HOURS: z.coerce.number().positive().default(24),
  /** How often expired download results are swept (a start-up scan runs as well). */
  RESULT_SWEEP_SECONDS: positiveInt(10 * 60),
  /** Backend addresses the pages probe (connection detection); empty means the page's own origin. */
  API_CANDIDATES: commaList,
  AD_NETWORK_URL: z.string().default(''),
  AD_KEYS_REGULAR: z.string().default(''),
  AD_KEYS_ADULT: z.string().default(''),
  SPONSOR_LINK_REGULAR: z.string().default(''),
  SPONSOR_LINK_ADULT: z.string().default(''),
  SPONSOR_SCRIPT_REGULAR: z.string().default(''),
  SPONSOR_SCRIPT_ADULT: z.string().default(''),
  FEATURE_MONETIZATION: z.stringbool().default(true),
  // Scaled mode: set REDIS_URL and jobs run on BullMQ workers, state and hub events go through Redis.
  REDIS_URL: z.url({ protocol: /^rediss?$/ }).optional(),
  /** Scaled mode: `false` makes `npm start` an API-only node (`npm run worker` runs the jobs). */
  START_WORKER: z.stringbool().default(true),
  /** Scaled mode: jobs waiting per queue beyond the running ones; more answer 503 BUSY. */
  QUEUE_LIMIT: positiveInt(500),
  /** Scaled mode: name space of every Redis key and channel (several deployments on one Redis). */
  REDIS_PREFIX: z
    .string()
    .regex(/^[\w-]{1,40}$/)
    .default('grabbit'),
  /** Scaled mode: a dead worker's job goes to another worker about this long after it died. */
  WORKER_LOCK_SECONDS: positiveInt(30),
  /** Results in an S3-compatible bucket (AWS S3, R2, MinIO...); empty keeps them under DATA_DIR. */
  S3_BUCKET: z.string().optional(),
  S3_ENDPOINT: z.url().optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  /** Bucket in the path (`endpoint/bucket/key`), as MinIO and most self-hosted servers want. */
  S3_FORCE_PATH_STYLE: z.stringbool().default(false),
  /** Result downloads answer a redirect to a short-lived signed link; `false` streams them. */
  S3_REDIRECTS: z.stringbool().default(true),
  // Cloud storage (keep a download under a file key, public or signed links, chosen retention).
  FEATURE_CLOUD_STORAGE: z.stringbool().default(true),
  /** The local "bucket" folder (embedded mode); relative to the working folder like DATA_DIR. */
  CLOUD_STORAGE_DIR: z.string().optional(),
  CLOUD_MAX_RETENTION_HOURS: z.coerce
    .number()
    .positive()
    .default(7 * 24),
  /** How long a private (signed) link works. */
  CLOUD_LINK_TTL_SECONDS: positiveInt(60 * 60),
  /** HMAC key of signed links; empty: a random one kept in the bucket folder (survives restarts). */
  CLOUD_SIGNING_SECRET: z.string().min(32, 'at least 32 characters').optional(),
  CLOUD_MAX_FILE_BYTES: positiveInt(4 * 1024 ** 3),
  /** All stored objects together; more is refused (CLOUD_STORAGE_FULL). */
  CLOUD_MAX_TOTAL_BYTES: positiveInt(50 * 1024 ** 3),
  /** Files one client may keep per 24 hours; more is refused (CLOUD_QUOTA_EXCEEDED). */
  CLOUD_MAX_FILES_PER_CLIENT: positiveInt(50),
  /** Bytes one client may keep per 24 hours; more is refused (CLOUD_QUOTA_EXCEEDED). */
  CLOUD_MAX_BYTES_PER_CLIENT: positiveInt(10 * 1024 ** 3),
  // yt-dlp: which one runs and how it reaches the sites (config/ytdlp-settings.ts).
  ...ytDlpSettingsShape,
  /** Optional cap on every converter upload, under the pages' own limits (small servers). */
  CONVERT_MAX_UPLOAD_BYTES: z.coerce.number().int().positive().optional(),
  /** Resumable uploads (tus) not converted within this many hours are removed (finished or not). */
  UPLOAD_TTL_HOURS: z.coerce.number().positive().default(24),
  /** A finished resumable upload nobody converts is removed this soon after its last byte. */
  UPLOAD_FINISHED_TTL_SECONDS: positiveInt(60 * 60),
  /** Resumable uploads one client may hold at once until converted, removed or expired. */
  UPLOADS_MAX_OPEN_PER_CLIENT: positiveInt(5),
  /** Declared bytes of one client's unconverted resumable uploads together. */
  UPLOADS_MAX_OPEN_BYTES_PER_CLIENT: positiveInt(2 * 1024 ** 3),
  /** The chunk size the pages send resumable uploads in; never above 50 MiB (a larger body is refused). */
  UPLOAD_CHUNK_BYTES: z.coerce
    .number()
    .int()
    .min(256 * 1024)
    .max(maxChunkBytes)
    .default(maxChunkBytes),
  /** A conversion whose client follows jobs (`Prefer: respond-async`) goes on as one after this. */
  CONVERT_SYNC_WAIT_SECONDS: z.coerce.number().positive().default(60),
  // Public-site safety (security/): client identity, limits, keys, bounds, headers.
  /** Proxies in front of the server: a hop count or their addresses/CIDRs. Empty: trust none. */
  TRUST_PROXY: z.string().default(''),
  /** Salt of the hashed client addresses limits key on; random per process when empty. */
  RATE_LIMIT_SALT: z.string().default(''),
  RATE_LIMIT_API_PER_MINUTE: positiveInt(60),
  // The converter page reads each job's status and result: ten a second is room for a big batch.
  RATE_LIMIT_JOB_READS_PER_MINUTE: positiveInt(600),
  RATE_LIMIT_JOBS_PER_MINUTE: positiveInt(10),
  RATE_LIMIT_PREVIEWS_PER_MINUTE: positiveInt(30),
  /** Link previews one client may have loading at once (of the server's few preview reads). */
  PREVIEWS_MAX_PER_CLIENT: positiveInt(2),
  /** A preview's read of the site is cut after this long (DOWNLOAD_TIMEOUT). */
  PREVIEW_TIMEOUT_SECONDS: positiveInt(30),
  RATE_LIMIT_HUB_PER_MINUTE: positiveInt(30),
  MAX_ACTIVE_JOBS_PER_CLIENT: positiveInt(3),
  /** Finished results one client has not collected (a batch counts once); more: RESULTS_WAITING. */
  RESULTS_MAX_WAITING_PER_CLIENT: positiveInt(20),
  /** Bytes of one client's finished results it has not collected; at or over: RESULTS_WAITING. */
  RESULTS_MAX_WAITING_BYTES_PER_CLIENT: positiveInt(2 * 1024 ** 3),
  /** Operator's JSON file of API keys: { "<key>": { name, unlimited?, limits?, features? } }. */
  API_KEYS_FILE: z.string().default(''),
  /** New jobs are refused (503 DISK_FULL) when DATA_DIR has less free space than this. */
  DISK_MIN_FREE_MB: positiveInt(1024),
  /** An upload moving less than 16 KiB in this many seconds is cut. */
  UPLOAD_STALL_SECONDS: positiveInt(30),
  /** Origins allowed to call /api from a browser; empty: the site's own (PUBLIC_URL). */
  CORS_ORIGINS: commaList,
  // Webhooks of API keys (webhooks/): how many, how fast, how long they are retried.
  /** Webhook endpoints one API key may register. */
  WEBHOOK_MAX_ENDPOINTS_PER_KEY: positiveInt(10),
  /** Deliveries to one endpoint in flight at once (across every process). */
  WEBHOOK_CONCURRENCY_PER_ENDPOINT: positiveInt(2),
  /** Deliveries one process sends at once, all endpoints together (their own queue). */
  WEBHOOK_CONCURRENCY: positiveInt(8),
  /** A receiver that has not answered in this long counts as a failed attempt (retried). */
  WEBHOOK_TIMEOUT_SECONDS: positiveInt(15),
  /** Attempts of one delivery; with the back-off below they span about a day. */
  WEBHOOK_ATTEMPTS: positiveInt(18),
  /** First retry's delay; each next one doubles (with jitter), capped at 6 hours. */
  WEBHOOK_RETRY_BASE_SECONDS: z.coerce.number().positive().default(5),
  /** After a rotation the old secret keeps signing beside the new one for this long. */
  WEBHOOK_SECRET_OVERLAP_HOURS: z.coerce.number().positive().default(24),
  /** Deliveries kept in an endpoint's log (the oldest go). */
  WEBHOOK_DELIVERY_LOG: positiveInt(50),
  /** Offline testing: local receivers (host:port) webhooks may reach. Refused in production. */
  WEBHOOK_TEST_HOSTS: commaList,
  // Operations: graceful shutdown (SIGTERM) of API nodes and workers.
  /** Running jobs may finish for this long at shutdown; then (scaled mode) they go back to the queue. */
  SHUTDOWN_GRACE_SECONDS: positiveInt(10),
  /** Bearer token of GET /metrics (Prometheus); unset: no /metrics at all. */
  METRICS_TOKEN: z.string().min(16, 'at least 16 characters').optional(),
});

export type Config = Omit<z.infer<typeof configSchema>, keyof YtDlpSettings> & YtDlpSettings;

/** Never echoed in error messages (a Redis address may carry its password), with any *SECRET*. */
const secretSettings = new Set(['REDIS_URL', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY']);

/**
 * The folders the server and its engines write to, made absolute against the working folder once
 * at start: engines run in job folders of their own, where a relative path names another place.
 */
function absoluteFolders(data: { DATA_DIR: string; CLOUD_STORAGE_DIR?: string | undefined }) {
  return {
    DATA_DIR: path.resolve(data.DATA_DIR),
    ...(data.CLOUD_STORAGE_DIR ? { CLOUD_STORAGE_DIR: path.resolve(data.CLOUD_STORAGE_DIR) } : {}),
  };
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

export function loadConfig(given: Record<string, string | undefined> = process.env): Config {
  // Secrets may come from files (NAME_FILE), as container platforms mount them.
  const { env, problems } = readSecretFiles(given);
  if (problems.length > 0) throw new ConfigError(problems);
  // Empty variables count as unset, as shells and .env files often leave them.
  const present = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value !== ''),
  );
  const parsed = configSchema.safeParse(present);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => {
        const name = issue.path.join('.') || '(root)';
        // Show the value given, so the operator sees what was read; secrets and proxies (which may
        // hold a password) are never echoed.
        const secret =
          secretSettings.has(name) ||
          name.includes('SECRET') ||
          name.includes('TOKEN') ||
          name.startsWith('YTDLP_PROXY') ||
          name.startsWith('YTDLP_EXTRACTOR_ARGS');
        const given = typeof present[name] === 'string' && !secret ? `=${JSON.stringify(present[name])}` : '';
        const message =
          issue.code === 'invalid_type' && issue.expected === 'number' ? 'expected a number' : issue.message;
        return `${name}${given}: ${message}`;
      }),
    );
  }
  const config: Config = {
    ...parsed.data,
    ...absoluteFolders(parsed.data),
    ...resolveYtDlpSettings(parsed.data),
  };
  if (Boolean(config.S3_ACCESS_KEY_ID) !== Boolean(config.S3_SECRET_ACCESS_KEY)) {
    throw new ConfigError(['S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: set both or neither']);
  }
  for (const name of ['MEDIA_TEST_HOSTS', 'WEBHOOK_TEST_HOSTS'] as const) {
    if (config.NODE_ENV === 'production' && config[name].length > 0) {
      throw new ConfigError([`${name}: the offline-testing switch is refused when NODE_ENV=production`]);
    }
  }
  return config;
}
