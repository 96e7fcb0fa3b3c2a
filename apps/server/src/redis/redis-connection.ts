// Connections to Redis for scaled mode. Two kinds, because they fail differently on purpose:
// - commands (state, publishing, queueing): fail at once while Redis is away, so a visitor gets a
//   clear 503 instead of a request that hangs; reconnect on their own, so recovery is automatic;
// - waiting (subscriptions, BullMQ workers): wait for Redis and carry on when it is back.
// A command that failed becomes that 503 (`unavailable`) wherever Redis is used.
import { createRequire } from 'node:module';
import type * as IoRedis from 'ioredis';
import type { Redis } from 'ioredis';
import { AppError } from '../core/app-error';

const require = createRequire(import.meta.url);

export type RedisRole = 'commands' | 'waiting';

export interface RedisConnectOptions {
  /** Called once per outage (not on every reconnect attempt), with the first error. */
  onOutage?: (error: Error) => void;
  /** Label in CLIENT LIST, for operators. */
  name?: string;
}

export function connectRedis(url: string, role: RedisRole, options: RedisConnectOptions = {}): Redis {
  // Loaded by the first connection (ioredis is CommonJS, so this stays synchronous): an embedded
  // server, which never connects, does not hold it in memory.
  const { Redis: RedisClient } = require('ioredis') as typeof IoRedis;
  const redis = new RedisClient(url, {
    connectionName: options.name,
    connectTimeout: 5_000,
    // Reconnect forever, at most every 2 s: Redis coming back is noticed within seconds.
    retryStrategy: (attempt) => Math.min(attempt * 100, 2_000),
    ...(role === 'commands'
      ? { enableOfflineQueue: false, maxRetriesPerRequest: 1 }
      : { enableOfflineQueue: true, maxRetriesPerRequest: null }),
  });
  let down = false;
  redis.on('error', (error: Error) => {
    if (down) return;
    down = true;
    options.onOutage?.(error);
  });
  redis.on('ready', () => (down = false));
  return redis;
}

/** Whether Redis answers right now (for /health and the 503 decision). */
export async function redisReachable(redis: Redis): Promise<boolean> {
  if (redis.status !== 'ready') return false;
  try {
    return (await redis.ping()) === 'PONG';
  } catch {
    return false;
  }
}

/** Resolves once the connection is ready, or false after `timeoutMs` (it keeps trying after). */
export function redisReady(redis: Redis, timeoutMs = 10_000): Promise<boolean> {
  if (redis.status === 'ready') return Promise.resolve(true);
  return new Promise((resolve) => {
    const done = (ready: boolean) => {
      clearTimeout(timer);
      redis.off('ready', onReady);
      resolve(ready);
    };
    const onReady = () => done(true);
    const timer = setTimeout(() => done(false), timeoutMs);
    redis.once('ready', onReady);
  });
}

/** One deployment's Redis: the fail-fast connection and the name space of its keys (REDIS_PREFIX). */
export interface RedisNamespace {
  commands: Redis;
  prefix: string;
}

/** Redis is away: 503 BUSY with a Retry-After (a clear "try again shortly", never a hang or a crash). */
export class QueueUnavailableError extends AppError {
  readonly retryAfterSeconds = 10;
  constructor(cause?: unknown) {
    super('BUSY', 'The job queue is unavailable right now. Please try again in a few seconds.');
    this.name = 'QueueUnavailableError';
    this.cause = cause;
  }
}

/** Turns a failed Redis call into the visitor's 503 (for `.catch`). */
export function unavailable(error: unknown): never {
  throw new QueueUnavailableError(error);
}
