// The path parameters of the /api routes (api-paths.ts), as zod schemas the routes validate with.
import { platformById, platforms } from '@grabbit/catalog';
import { z } from 'zod';

/** An object of string path parameters with these names. */
export function pathParamsSchema<const K extends string>(...names: K[]) {
  return z.object(Object.fromEntries(names.map((name) => [name, z.string()])) as Record<K, z.ZodString>);
}

/**
 * A downloader page's platform id. An unknown one is the visitor's 404 UNSUPPORTED_PLATFORM (the
 * issue's `params.errorCode`, read by the server's error handler), checked before the body.
 */
export const platformParamsSchema = z.object({
  platform: z
    .string()
    .superRefine((id, ctx) => {
      if (platformById(id)) return;
      ctx.addIssue({
        code: 'custom',
        message: `Unsupported platform: ${id}`,
        params: { errorCode: 'UNSUPPORTED_PLATFORM' },
      });
    })
    .meta({ description: `The downloader page: ${platforms.map((p) => p.id).join(', ')}` }),
});
