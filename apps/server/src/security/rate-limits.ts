// Per-client budgets (@fastify/rate-limit's counters): API calls, reads of conversion jobs, job
// starts, previews and hub connections count separately, each per minute, keyed on the client's hashed identity (or its API key).
// Answers carry the draft-IETF RateLimit-* headers; over the budget: 429 RATE_LIMITED with
// Retry-After. The counters (rate-counter.ts) are in memory for one node; in scaled mode in Redis,
// so every API node counts together; the plugin counts in them through its store option.
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config/env';
import { AppError } from '../core/app-error';
import type { RedisNamespace } from '../redis/redis-connection';
import type { ApiKeyLimits } from './api-keys';
import { MemoryRateCounter, RedisRateCounter, type RateCounter } from './rate-counter';
import { counterStore } from './rate-limit-store';

/** The budgets routes spend (the hub spends its own at its handshake: hub-limits.ts). */
export type Budget = 'api' | 'jobReads' | 'jobs' | 'previews';
export type Limiter = ReturnType<FastifyInstance['createRateLimit']>;

/** The budgets' counters: in memory for one node; in Redis (shared by every API node) when scaled. */
export function rateCounter(app: FastifyInstance, scaled?: RedisNamespace): RateCounter {
  if (!scaled) return new MemoryRateCounter();
  let warnedAt = 0;
  const onFallback = (error: Error) => {
    // One line a minute while Redis is away, not one per request.
    if (Date.now() - warnedAt < 60_000) return;
    warnedAt = Date.now();
    app.log.warn(`Rate limits count on this node only while Redis is unreachable: ${error.message}`);
  };
  return new RedisRateCounter(scaled.commands, `${scaled.prefix}:rate:`, onFallback);
}

export async function registerRateLimitStore(app: FastifyInstance, counter: RateCounter): Promise<void> {
  await app.register(rateLimit, { global: false, store: counterStore(counter) });
}

/** The length of every budget's window. */
export const windowMs = 60_000;

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

/** The budgets of one app's routes. */
export function createLimiters(app: FastifyInstance, config: Config): Record<Budget, Limiter> {
  return {
    api: createLimiter(app, 'api', config.RATE_LIMIT_API_PER_MINUTE, (limits) => limits.apiPerMinute),
    jobReads: createLimiter(app, 'jobReads', config.RATE_LIMIT_JOB_READS_PER_MINUTE),
    jobs: createLimiter(app, 'jobs', config.RATE_LIMIT_JOBS_PER_MINUTE, (limits) => limits.jobsPerMinute),
    previews: createLimiter(app, 'previews', config.RATE_LIMIT_PREVIEWS_PER_MINUTE),
  };
}
