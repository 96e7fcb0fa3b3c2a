// Per-client budgets (@fastify/rate-limit's counters): API calls, reads of conversion jobs, job
// starts, previews and hub connections count separately, each per minute, keyed on the client's hashed identity (or its API key).
// Answers carry the draft-IETF RateLimit-* headers; over the budget: 429 RATE_LIMITED with
// Retry-After. The plugin counts through its store option in rate-limiter-flexible's counters: in
// memory for one node; in scaled mode in Redis, so every API node counts together.
import rateLimit, { type FastifyRateLimitStore, type FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { RateLimiterMemory, RateLimiterRedis, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { Config } from '../config/env';
import { AppError } from '../core/app-error';
import type { RedisNamespace } from '../redis/redis-connection';
import type { ApiKeyLimits } from './api-keys';

/** The budgets routes spend (the hub spends its own at its handshake: hub-limits.ts). */
export type Budget = 'api' | 'jobReads' | 'jobs' | 'previews';
export type Limiter = ReturnType<FastifyInstance['createRateLimit']>;

/** The length of every budget's window. */
export const windowMs = 60_000;

/** Hits per key in fixed windows of `windowMs`; each budget compares the count with its own limit. */
export type RateCounter = RateLimiterAbstract;

/**
 * The budgets' counters: in memory for one node; in Redis (shared by every API node) when scaled,
 * counting in memory on each node while Redis is away (the insurance limiter), so the budgets
 * still hold per node and nothing fails because of the counters. They only count: their own
 * limit of points is never reached.
 */
export function rateCounter(scaled?: RedisNamespace): RateCounter {
  const counting = { points: Number.MAX_SAFE_INTEGER, duration: windowMs / 1000 };
  const memory = new RateLimiterMemory(counting);
  if (!scaled) return memory;
  return new RateLimiterRedis({
    ...counting,
    storeClient: scaled.commands,
    keyPrefix: `${scaled.prefix}:rate`,
    rejectIfRedisNotReady: true,
    insuranceLimiter: memory,
  });
}

/** The store class the plugin takes (`store` option: `incr` reports a key's count and time left). */
function counterStore(counter: RateCounter): FastifyRateLimitStoreCtor {
  return class CounterStore implements FastifyRateLimitStore {
    incr(...[key, callback]: Parameters<FastifyRateLimitStore['incr']>): void {
      counter.consume(key).then(
        ({ consumedPoints, msBeforeNext }) => callback(null, { current: consumedPoints, ttl: msBeforeNext }),
        (error: unknown) => callback(error as Error),
      );
    }

    // Limiters made with createRateLimit get a child with their own settings; their keys (the
    // budget's name and the client) already tell them apart, so one counter serves all.
    child(): FastifyRateLimitStore {
      return new CounterStore();
    }
  };
}

export async function registerRateLimitStore(app: FastifyInstance, counter: RateCounter): Promise<void> {
  await app.register(rateLimit, { global: false, store: counterStore(counter) });
}

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
    // An unlimited key is not counted and gets no RateLimit-* headers: they state a quota, and a
    // made-up one would only mislead a client's pacing (it is never refused for its rate).
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
