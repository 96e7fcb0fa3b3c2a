import { z } from 'zod';

export const engineStatusSchema = z.object({
  name: z.string(),
  available: z.boolean(),
  version: z.string().optional(),
  /** Debian package that provides it, named when it is missing. */
  package: z.string(),
});

/** Which yt-dlp the downloader runs: sites change weekly, so its age matters. */
export const ytDlpHealthSchema = z.object({
  version: z.string().nullable(),
  /** Days since the release (yt-dlp versions are dates). */
  ageDays: z.number().int().nullable(),
  source: z.enum(['project environment', 'system', 'YTDLP_PATH']),
  /** The JavaScript runtime it uses for YouTube (`deno` or `node`, never its path), null when it takes none. */
  jsRuntime: z.string().nullable(),
});

/** How many of a pool's members are in use and how many rest after the site blamed them. */
const poolCountsSchema = z.object({ total: z.number(), healthy: z.number(), quarantined: z.number() });

/** The operator's sessions and routes of one platform (counts only: no file, no proxy address). */
export const platformAccessSchema = z.object({ sessions: poolCountsSchema, routes: poolCountsSchema });

export const healthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  version: z.string(),
  engines: z.array(engineStatusSchema),
  ytDlp: ytDlpHealthSchema,
  warnings: z.array(z.string()),
  /** Per platform with any session or route configured. */
  access: z.record(z.string(), platformAccessSchema).optional(),
  /** `scaled` when REDIS_URL is set (BullMQ workers, Redis state, the bucket). */
  mode: z.enum(['embedded', 'scaled']).optional(),
  /** Scaled mode: what this node reaches, and the jobs waiting and running per queue. */
  scaled: z
    .object({
      redis: z.enum(['up', 'down']),
      bucket: z.enum(['up', 'down', 'not used']),
      queues: z.record(z.string(), z.object({ waiting: z.number(), active: z.number() })).optional(),
    })
    .optional(),
});

export type EngineStatus = z.infer<typeof engineStatusSchema>;
export type Health = z.infer<typeof healthSchema>;
export type YtDlpHealth = z.infer<typeof ytDlpHealthSchema>;
export type PlatformAccess = z.infer<typeof platformAccessSchema>;
