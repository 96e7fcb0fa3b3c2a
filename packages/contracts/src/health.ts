import { z } from 'zod';

export const engineStatusSchema = z.object({
  name: z.string(),
  available: z.boolean(),
  version: z.string().optional(),
  /** Debian package that provides it, named when it is missing. */
  package: z.string(),
});

export const healthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  version: z.string(),
  engines: z.array(engineStatusSchema),
  warnings: z.array(z.string()),
});

export type EngineStatus = z.infer<typeof engineStatusSchema>;
export type Health = z.infer<typeof healthSchema>;
