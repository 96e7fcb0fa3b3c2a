// API keys for programmatic clients: the operator's API_KEYS_FILE lists keys with their own limits
// (or none) and the features they may use. A request sends one as a bearer token
// (`Authorization: Bearer <key>`). Keys are held only as SHA-256 digests and never logged (the
// logger redacts the authorization header).
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { z } from 'zod';

export const apiFeatures = ['download', 'convert'] as const;
export type ApiFeature = (typeof apiFeatures)[number];

const limitsSchema = z
  .object({
    apiPerMinute: z.number().int().positive().optional(),
    jobsPerMinute: z.number().int().positive().optional(),
    activeJobs: z.number().int().positive().optional(),
  })
  .strict();

const keySchema = z
  .object({
    name: z.string().min(1),
    unlimited: z.boolean().default(false),
    limits: limitsSchema.default({}),
    features: z.array(z.enum(apiFeatures)).default([...apiFeatures]),
  })
  .strict();

const fileSchema = z.record(z.string().min(16, 'keys must be at least 16 characters'), keySchema);

export type ApiKeyLimits = z.infer<typeof limitsSchema>;

export interface ApiKey {
  name: string;
  unlimited: boolean;
  limits: ApiKeyLimits;
  features: ApiFeature[];
  /** The key's identity for limits ("key:" + its name's digest), never the key itself. */
  clientKey: string;
}

const digest = (text: string) => createHash('sha256').update(text).digest('hex');

export class ApiKeys {
  private constructor(private readonly byDigest: Map<string, ApiKey>) {}

  static empty(): ApiKeys {
    return new ApiKeys(new Map());
  }

  /** Reads and checks the keys file; a bad file stops start-up with the problem named. */
  static fromFile(file: string): ApiKeys {
    if (!file) return ApiKeys.empty();
    let raw: unknown;
    try {
      raw = JSON.parse(readFileSync(file, 'utf8'));
    } catch (error) {
      throw new Error(`API_KEYS_FILE ${file}: ${error instanceof Error ? error.message : 'unreadable'}`, {
        cause: error,
      });
    }
    const parsed = fileSchema.safeParse(raw);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      // The path's first element is the key itself: name the entry by position, not by key.
      const where = issue?.path.slice(1).join('.') ?? '';
      throw new Error(`API_KEYS_FILE ${file}: ${where ? `${where}: ` : ''}${issue?.message ?? 'invalid'}`);
    }
    const entries = Object.entries(parsed.data).map(([key, entry]): [string, ApiKey] => [
      digest(key),
      { ...entry, clientKey: `key:${digest(entry.name).slice(0, 32)}` },
    ]);
    return new ApiKeys(new Map(entries));
  }

  /** The bearer token of an Authorization header, if it has one. */
  static bearerToken(header: string | undefined): string | undefined {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
    return match?.[1];
  }

  /** The key a token names, or undefined for an unknown token. */
  find(token: string): ApiKey | undefined {
    return this.byDigest.get(digest(token));
  }
}
