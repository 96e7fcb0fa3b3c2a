// One webhook delivery run on the job runner (job name `webhook`, its own queue: deliveries never
// hold a download's or a conversion's slot). It takes one of its endpoint's few delivery leases
// (else it waits its turn without spending an attempt), POSTs the event through the egress guard
// (no internal address, even if DNS changed since registration; no redirect followed), within its
// own timeout, and logs the attempt. A 2xx is delivered; a 410 turns the endpoint off; anything
// else is retried by the runner with back-off (the receiver's Retry-After first).
import type { TestHosts } from '@grabbit/catalog';
import { AppError } from '../core/app-error';
import { handedBack, JobDeferred } from '../jobs/hand-back';
import type { JobHandler } from '../jobs/job-table';
import type { WebhookJobData } from '../jobs/job-types';
import { discard, guardedFetch, type Lookup } from '../net/guarded-fetch';
import { signedHeaders } from './signing';
import {
  withAttempt,
  type DeliveryRecord,
  type DeliveryStatus,
  type WebhookEndpointRecord,
  type WebhookStore,
} from './webhook-store';

export interface DeliverySettings {
  store: WebhookStore;
  /** Offline testing: local receivers that may be reached (WEBHOOK_TEST_HOSTS). */
  testHosts: TestHosts;
  timeoutMs: number;
  /** Deliveries to one endpoint in flight at once. */
  perEndpoint: number;
  /** DNS lookup; unit tests point names at local addresses with their own. */
  lookup?: Lookup;
}

/** A failed attempt the runner retries; `retryAfterMs` is the receiver's own Retry-After. */
export class DeliveryFailed extends Error {
  constructor(
    message: string,
    readonly retryAfterMs?: number,
  ) {
    super(message);
    this.name = 'DeliveryFailed';
  }
}

/** The longest wait a Retry-After may ask for (the back-off's own cap). */
export const maxRetryDelayMs = 6 * 3_600_000;

/** Retry-After in seconds or as an HTTP date, in milliseconds from now; undefined when absent. */
export function retryAfterMs(header: string | string[] | undefined, now = Date.now()): number | undefined {
  const text = Array.isArray(header) ? header[0] : header;
  if (!text) return undefined;
  const ms = /^\d+$/.test(text.trim()) ? Number(text) * 1000 : Date.parse(text) - now;
  return Number.isFinite(ms) ? Math.min(Math.max(ms, 0), maxRetryDelayMs) : undefined;
}

/**
 * The wait before the next attempt after `attemptsMade` failed ones: the receiver's Retry-After,
 * else `baseMs` doubled per attempt with jitter (half to the full delay), capped at six hours.
 */
export function deliveryRetryDelay(baseMs: number, random: () => number = Math.random) {
  return (attemptsMade: number, error: Error): number => {
    if (error instanceof DeliveryFailed && error.retryAfterMs !== undefined) return error.retryAfterMs;
    const full = Math.min(baseMs * 2 ** Math.max(attemptsMade - 1, 0), maxRetryDelayMs);
    return Math.round(full / 2 + (random() * full) / 2);
  };
}

interface Attempt {
  statusCode?: number;
  error?: string;
  retryAfterMs?: number;
  /** The guard refused the address: no retry helps. */
  refused?: boolean;
}

async function post(
  endpoint: WebhookEndpointRecord,
  delivery: DeliveryRecord,
  settings: DeliverySettings,
  signal: AbortSignal,
): Promise<Attempt> {
  try {
    const answer = await guardedFetch(new URL(endpoint.url), {
      testHosts: settings.testHosts,
      signal: AbortSignal.any([signal, AbortSignal.timeout(settings.timeoutMs)]),
      headers: {
        'content-type': 'application/json',
        'user-agent': 'Grabbit-Webhooks/1',
        ...signedHeaders(endpoint, delivery.messageId, delivery.body),
      },
      body: delivery.body,
      // A redirect is an answer like any other (not a 2xx): it is never followed.
      maxHops: 1,
      follows: () => false,
      tooManyHops: () => new AppError('URL_NOT_ALLOWED', 'redirected'),
      ...(settings.lookup ? { lookup: settings.lookup } : {}),
    });
    discard(answer);
    const retryAfter = retryAfterMs(answer.headers['retry-after']);
    return { statusCode: answer.status, ...(retryAfter === undefined ? {} : { retryAfterMs: retryAfter }) };
  } catch (error) {
    if (error instanceof AppError && error.code === 'URL_NOT_ALLOWED')
      return { error: `refused: ${error.message}`, refused: true };
    if (signal.aborted) throw signal.reason;
    const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
    return {
      error: timedOut ? `no answer within ${settings.timeoutMs} ms` : String((error as Error).message),
    };
  }
}

async function logAttempt(
  settings: DeliverySettings,
  delivery: DeliveryRecord,
  attempt: Attempt,
  startedAt: number,
  status: DeliveryStatus,
): Promise<void> {
  const entry = {
    at: new Date(startedAt).toISOString(),
    durationMs: Date.now() - startedAt,
    ...(attempt.statusCode === undefined ? {} : { statusCode: attempt.statusCode }),
    ...(attempt.error === undefined ? {} : { error: attempt.error }),
  };
  await settings.store.updateDelivery(delivery.endpointId, delivery.id, (current) => ({
    ...withAttempt(current, entry),
    status,
  }));
}

/** What an attempt means: delivered, the endpoint gone (410), refused for good, or retried. */
function verdict(attempt: Attempt): DeliveryStatus | 'gone' | 'retry' {
  const code = attempt.statusCode;
  if (code !== undefined && code >= 200 && code < 300) return 'delivered';
  if (code === 410) return 'gone';
  return attempt.refused ? 'failed' : 'retry';
}

/** A delivery waiting for a lease tries again this soon (spread, so waiters do not collide). */
const leaseWaitMs = () => 200 + Math.round(Math.random() * 300);

export function deliveryHandler(settings: DeliverySettings): JobHandler<WebhookJobData> {
  const { store } = settings;
  return async ({ endpointId, deliveryId }, { signal }) => {
    const [endpoint, delivery] = await Promise.all([
      store.getEndpoint(endpointId),
      store.getDelivery(endpointId, deliveryId),
    ]);
    // Deleted meanwhile (the endpoint, or the delivery dropped from a full log): nothing to send.
    if (!endpoint || !delivery) return;
    if (!endpoint.enabled) {
      const skipped = { error: 'the endpoint is disabled' };
      return logAttempt(settings, delivery, skipped, Date.now(), 'failed');
    }
    // A lease outlives the longest attempt, so a dead process's lease frees itself.
    const lease = await store.takeLease(endpointId, settings.perEndpoint, settings.timeoutMs + 30_000);
    if (!lease) throw new JobDeferred(leaseWaitMs());
    const startedAt = Date.now();
    try {
      const attempt = await post(endpoint, delivery, settings, signal);
      const outcome = verdict(attempt);
      await logAttempt(
        settings,
        delivery,
        attempt,
        startedAt,
        outcome === 'retry' ? 'pending' : outcome === 'gone' ? 'failed' : outcome,
      );
      if (outcome === 'gone')
        await store.updateEndpoint(endpointId, (current) => ({
          ...current,
          enabled: false,
          disabledReason: 'The receiver answered 410 Gone.',
          updatedAt: Date.now(),
        }));
      if (outcome === 'retry')
        throw new DeliveryFailed(attempt.error ?? `answered ${attempt.statusCode}`, attempt.retryAfterMs);
    } catch (error) {
      // Handed back at shutdown: the next worker sends it; this run was no attempt.
      if (handedBack(signal)) throw signal.reason;
      throw error;
    } finally {
      await store.releaseLease(endpointId, lease).catch(() => undefined);
    }
  };
}

/** The runner gave up (attempts spent, or its worker kept dying): the delivery failed. */
export async function deliveryGaveUp(store: WebhookStore, { endpointId, deliveryId }: WebhookJobData) {
  await store.updateDelivery(endpointId, deliveryId, (current) =>
    current.status === 'pending' ? { ...current, status: 'failed' } : undefined,
  );
}
