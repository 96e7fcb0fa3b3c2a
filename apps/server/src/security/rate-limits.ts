// Per-client budgets (@fastify/rate-limit's counters): API calls, job starts, previews and hub
// connections count separately, each per minute, keyed on the client's hashed identity (or its API key).
// Answers carry the draft-IETF RateLimit-* headers; over the budget: 429 RATE_LIMITED with
// Retry-After. The counters live in the plugin's store: in memory for one node; in scaled mode in
// Redis (shared-rate-store.ts) so every API node counts together.
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config/env';
import { AppError } from '../core/app-error';
import type { RedisNamespace } from '../redis/redis-connection';
import type { ApiKeyLimits } from './api-keys';
import { sharedRateStore } from './shared-rate-store';

export type Budget = 'api' | 'jobs' | 'previews' | 'hub';
export type Limiter = ReturnType<FastifyInstance['createRateLimit']>;

/** The plugin's store: in memory for one node; in Redis (shared by every API node) when scaled. */
function storeOptions(app: FastifyInstance, scaled?: RedisNamespace): Record<string, unknown> {
  if (!scaled) return {};
  let warnedAt = 0;
  const onFallback = (error: Error) => {
    // One line a minute while Redis is away, not one per request.
    if (Date.now() - warnedAt < 60_000) return;
    warnedAt = Date.now();
    app.log.warn(`Rate limits count on this node only while Redis is unreachable: ${error.message}`);
  };
  return { store: sharedRateStore(scaled.commands, `${scaled.prefix}:rate:`, onFallback) };
}

export async function registerRateLimitStore(app: FastifyInstance, scaled?: RedisNamespace): Promise<void> {
  await app.register(rateLimit, { global: false, ...storeOptions(app, scaled) });
}

const windowMs = 60_000;

export function createLimiter(
  app: FastifyInstance,
  budget: Budget,
  perMinute: number,
  keyLimit?: (limits: ApiKeyLimits) => number | undefined,
): Limiter {
  return app.createRateLimit({
    timeWindow: windowMs,
    max: (request) => (request.apiKey && keyLimit?.(request.apiKey.limits)) || perMinute,
    keyGenerator: (request) => `${budget}:${request.clientId}`,
    allowList: (request) => request.apiKey?.unlimited === true,
  });
}

export const rateLimited = (seconds: number) =>
  new AppError(
    'RATE_LIMITED',
    `Too many requests. Please wait ${seconds} second${seconds === 1 ? '' : 's'} and try again.`,
  );

/** Counts one request against a budget: sets the RateLimit headers, throws RATE_LIMITED when over. */
export async function spend(limiter: Limiter, request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const result = await limiter(request);
  if (result.isAllowed) return;
  reply
    .header('ratelimit-policy', `${result.max};w=${Math.round(result.timeWindow / 1000)}`)
    .header('ratelimit-limit', result.max)
    .header('ratelimit-remaining', result.remaining)
    .header('ratelimit-reset', result.ttlInSeconds);
  if (!result.isExceeded) return;
  reply.header('retry-after', result.ttlInSeconds);
  throw rateLimited(result.ttlInSeconds);
}

/** The budgets of one app. */
export function createLimiters(app: FastifyInstance, config: Config): Record<Budget, Limiter> {
  return {
    api: createLimiter(app, 'api', config.RATE_LIMIT_API_PER_MINUTE, (limits) => limits.apiPerMinute),
    jobs: createLimiter(app, 'jobs', config.RATE_LIMIT_JOBS_PER_MINUTE, (limits) => limits.jobsPerMinute),
    previews: createLimiter(app, 'previews', config.RATE_LIMIT_PREVIEWS_PER_MINUTE),
    hub: createLimiter(app, 'hub', config.RATE_LIMIT_HUB_PER_MINUTE),
  };
}
