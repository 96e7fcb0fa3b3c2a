import { z } from 'zod';

// GET /api/config: the server's runtime settings the pages need (connection candidates, ad keys,
// sponsor links, feature flags; test hosts only while the offline-testing switch is on).
export const publicConfigSchema = z.object({
  apiCandidates: z.array(z.string()),
  ads: z.object({
    networkUrl: z.string(),
    regularKeys: z.string(),
    adultKeys: z.string(),
  }),
  sponsors: z.object({
    regular: z.object({ link: z.string(), script: z.string() }),
    adult: z.object({ link: z.string(), script: z.string() }),
  }),
  features: z.object({ monetization: z.boolean(), cloudStorage: z.boolean().default(false) }),
  testHosts: z.array(z.string()).optional(),
  /**
   * The per-client budgets an anonymous visitor gets, so a page can pace its own work within them
   * (optional: a server that does not send them leaves the pages on the shipped defaults).
   */
  limits: z
    .object({
      apiPerMinute: z.number().int().positive(),
      jobsPerMinute: z.number().int().positive(),
      activeJobsPerClient: z.number().int().positive(),
    })
    .partial()
    .optional(),
  /**
   * Resumable uploads (tus): files from `fromBytes` on go up in chunks of `chunkBytes` (at most
   * maxChunkBytes). Optional: without it the pages use the shipped defaults.
   */
  resumableUploads: z
    .object({
      chunkBytes: z.number().int().positive(),
      fromBytes: z.number().int().nonnegative(),
    })
    .optional(),
});

export type PublicConfig = z.infer<typeof publicConfigSchema>;
