// Safe retries of calls that start work: a request with an Idempotency-Key reserves the key for
// its client before the job gate (onRequest), so the retry of a call whose answer was lost (a cut
// connection) takes no slot and spends no job start: it answers what the first call answered
// (preHandler), once that is known. The same key with another request (route, parameters or
// body) is 422 IDEMPOTENCY_KEY_REUSED. Only JSON answers of 2xx are kept; a refused or failed
// first call forgets its key, so a retry starts afresh. A multipart upload's body is read by its
// route after these hooks: its requests are told apart by route, parameters and query only.
import { createHash } from 'node:crypto';
import { idempotencyKeyHeader } from '@grabbit/contracts';
import type { FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { AppError } from '../core/app-error';
import type { IdempotencyEntry, IdempotencyStore } from './idempotency-store';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set when the request names an Idempotency-Key: whether it reserved the key (a first call). */
    idempotency?: { key: string; first: boolean };
  }
}

/** How long a retry waits for the first call's answer before it is told to try again. */
const waitForFirstMs = 30_000;
const recheckMs = 200;

/** Object keys in order, so the same body written another way has one fingerprint. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.keys(value)
      .sort()
      .map((key) => [key, canonical((value as Record<string, unknown>)[key])]),
  );
}

function fingerprintOf(request: FastifyRequest): string {
  const text = JSON.stringify(
    canonical([request.routeOptions.url, request.params, request.query, request.body ?? null]),
  );
  return createHash('sha256').update(text).digest('base64url');
}

/** Whether the request is a retry answered from its key (the job gate lets it through unpaid). */
export const isIdempotentRetry = (request: FastifyRequest) => request.idempotency?.first === false;

/** The Idempotency-Key's hooks for a route that starts work. */
export function idempotencyHooks(store: IdempotencyStore) {
  const settled = async (client: string, key: string): Promise<IdempotencyEntry | undefined> => {
    const deadline = Date.now() + waitForFirstMs;
    for (;;) {
      const entry = await store.get(client, key);
      if (!entry || entry.answer || Date.now() > deadline) return entry;
      await new Promise((resolve) => setTimeout(resolve, recheckMs));
    }
  };

  async function claim(request: FastifyRequest): Promise<void> {
    const header = request.headers[idempotencyKeyHeader];
    if (typeof header !== 'string' || header === '') return;
    if (header.length > 255)
      throw new AppError('VALIDATION_FAILED', 'Idempotency-Key: at most 255 characters');
    const first = await store.reserve(request.clientId, header);
    request.idempotency = { key: header, first };
  }

  async function answer(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | void> {
    const state = request.idempotency;
    if (!state) return;
    const fingerprint = fingerprintOf(request);
    if (state.first) return store.write(request.clientId, state.key, { fingerprint });
    const entry = await settled(request.clientId, state.key);
    if (entry?.fingerprint !== undefined && entry.fingerprint !== fingerprint)
      throw new AppError(
        'IDEMPOTENCY_KEY_REUSED',
        'This Idempotency-Key was used for another request. Use a new key for a new request.',
      );
    if (!entry?.answer)
      throw Object.assign(
        new AppError(
          'BUSY',
          'The first request with this Idempotency-Key has not finished. Try again shortly.',
        ),
        { retryAfterSeconds: 5 },
      );
    return reply
      .code(entry.answer.status)
      .header('content-type', 'application/json; charset=utf-8')
      .send(entry.answer.body);
  }

  async function keep(request: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<unknown> {
    const state = request.idempotency;
    if (!state?.first) return payload;
    const json = String(reply.getHeader('content-type') ?? '').startsWith('application/json');
    const ok = reply.statusCode >= 200 && reply.statusCode < 300 && json && typeof payload === 'string';
    const { clientId } = request;
    const written = ok
      ? store.write(clientId, state.key, {
          fingerprint: fingerprintOf(request),
          answer: { status: reply.statusCode, body: payload },
        })
      : store.forget(clientId, state.key);
    await written.catch((error: unknown) => request.log.warn({ err: error }, 'idempotency key not kept'));
    return payload;
  }

  return { claim, answer, keep };
}

/** Adds a hook to the end of one of a route's own hook lists. */
export function appendHook(
  route: RouteOptions,
  name: 'onRequest' | 'preHandler' | 'onSend',
  hook: (...args: never[]) => unknown,
): void {
  const current = route[name] as unknown;
  const list = current === undefined ? [] : Array.isArray(current) ? current : [current];
  (route as unknown as Record<string, unknown>)[name] = [...list, hook];
}
