// The stores' typings travel with this file, also into other workspaces' type checks (bench).
// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- typings of untyped files
/// <reference path="../types/rate-limit-stores.d.ts" />
// Scaled mode's counter store for @fastify/rate-limit: the plugin's own Redis store, so every API
// node counts one client's budget together (a visitor cannot multiply it by reaching several
// nodes). While Redis is away each node counts in memory instead (the plugin's local store): the
// budgets still hold per node, and nothing fails because of the counters.
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import LocalStore from '@fastify/rate-limit/store/LocalStore.js';
import RedisStore from '@fastify/rate-limit/store/RedisStore.js';
import type { Redis } from 'ioredis';

type Incr = FastifyRateLimitStore['incr'];

interface StoreParams {
  continueExceeding?: boolean;
  exponentialBackoff?: boolean;
}

/** The store class the plugin takes (`store` option): counters under `nameSpace` in Redis. */
export function sharedRateStore(
  redis: Redis,
  nameSpace: string,
  onFallback: (error: Error) => void,
): FastifyRateLimitStoreCtor {
  const make = (params: StoreParams): FastifyRateLimitStore => {
    const continueExceeding = params.continueExceeding ?? false;
    const exponentialBackoff = params.exponentialBackoff ?? false;
    const shared = new RedisStore(continueExceeding, exponentialBackoff, redis, nameSpace);
    const local = new LocalStore(continueExceeding, exponentialBackoff);
    return {
      incr(...[key, callback, timeWindow, max]: Parameters<Incr>) {
        shared.incr(
          key,
          (error, result) => {
            if (!error) return callback(null, result);
            onFallback(error);
            local.incr(key, callback, timeWindow, max);
          },
          timeWindow,
          max,
        );
      },
      // Limiters made with createRateLimit get a child with their own settings; their keys (the
      // budget's name and the client) already tell them apart, so one name space serves all.
      child: (options) => make(options as StoreParams),
    };
  };
  return function SharedRateStore(params: StoreParams) {
    return make(params);
  } as unknown as FastifyRateLimitStoreCtor;
}
