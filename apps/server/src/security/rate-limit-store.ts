// The counter store @fastify/rate-limit counts in (its documented `store` option: a class whose
// `incr` reports the key's count and time left, and whose `child` serves a route's own limiter):
// our rate counters, so the plugin's budgets and the hub's count in the same place, in memory for
// one node or in Redis for all of them.
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { RateCounter } from './rate-counter';

type Incr = FastifyRateLimitStore['incr'];

/** The store class the plugin takes (`store` option), counting in `counter`. */
export function counterStore(counter: RateCounter): FastifyRateLimitStoreCtor {
  return class CounterStore implements FastifyRateLimitStore {
    incr(...[key, callback, timeWindow]: Parameters<Incr>): void {
      counter.hit(key, timeWindow).then(
        ({ current, ttlMs }) => callback(null, { current, ttl: ttlMs }),
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
