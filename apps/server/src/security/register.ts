// Registers the public-site safety parts before any route: headers and CORS, the client's identity
// (socket address or trusted proxy, hashed; or an API key), the API budget on /api, and the job gate
// on every route that starts work. Pages and /health are never limited.
import { apiRoutes, isApiPath } from '@grabbit/contracts';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config/env';
import { AppError } from '../core/app-error';
import type { JobRecords } from '../jobs/job-records';
import type { RedisNamespace } from '../redis/redis-connection';
import { SharedSecret } from '../redis/shared-secret';
import { ApiKeys, type ApiKey } from './api-keys';
import { ClientIdentity, trustProxyFunction } from './client-identity';
import { registerHeaders } from './headers';
import type { WebhookStore } from '../webhooks/webhook-store';
import { callbackUrlHook } from './callback-url';
import { appendOnRequest, jobGate } from './job-gate';
import { appendHook, idempotencyHooks } from './idempotency';
import { MemoryIdempotencyStore } from './memory-idempotency-store';
import { RedisIdempotencyStore } from './redis-idempotency-store';
import { registerBodyStallCut } from './upload-stall';
import { BatchStarts } from './batch-starts';
import { hubAdmission, type HubAdmission } from './hub-limits';
import { createLimiters, rateCounter, registerRateLimitStore, spend, type Budget } from './rate-limits';
import { routePath } from '../http/route-path';

declare module 'fastify' {
  interface FastifyRequest {
    /** Hashed client address, or the API key's identity: what limits count on. */
    clientId: string;
    apiKey: ApiKey | null;
  }
}

export interface Security {
  identity: ClientIdentity;
  /** The hub's handshake gate: the client's hub budget. */
  hubAdmission: HubAdmission;
}

/** The identity rules the Fastify instance is built with (its trustProxy). */
export function clientIdentity(config: Config): ClientIdentity {
  return new ClientIdentity(config.RATE_LIMIT_SALT, trustProxyFunction(config.TRUST_PROXY));
}

const invalidKey = () =>
  new AppError('INVALID_API_KEY', 'This API key is not valid. Check the key, or send none.');

/**
 * The salt of hashed client addresses, the same on every API node (a random one kept in Redis), so
 * one visitor has one key everywhere. Until Redis answers, the node's own random salt stands in.
 */
async function shareSalt(app: FastifyInstance, identity: ClientIdentity, scaled: RedisNamespace) {
  const salt = new SharedSecret(scaled.commands, `${scaled.prefix}:secret:limit-salt`);
  salt.onChange((value) => identity.useSalt(value));
  await salt.load().catch(() => app.log.warn('Limit salt not loaded yet: Redis is unreachable'));
}

/**
 * Which budget an API path spends. Health checks are never counted: they must answer however busy
 * the API is. A conversion's status and its result, which the converter page reads to follow each
 * of its jobs, spend their own larger budget: together they are the answer one upload used to
 * give, and counted in the API budget a batch of small files would wait for the next minute. They
 * are still bounded, so a client cannot read records in a loop without limit. Reads only: a
 * DELETE spends the API budget.
 */
export function apiBudgetOf(path: string, method = 'GET'): Extract<Budget, 'api' | 'jobReads'> | null {
  if (path === apiRoutes.health) return null;
  const read = method === 'GET' || method === 'HEAD';
  const jobRead =
    path === apiRoutes.conversionJob ||
    path === apiRoutes.conversionResult ||
    path === apiRoutes.job ||
    path === apiRoutes.jobs;
  if (read && jobRead) return 'jobReads';
  return 'api';
}

export async function registerSecurity(
  app: FastifyInstance,
  deps: {
    config: Config;
    records: JobRecords;
    identity: ClientIdentity;
    webhooks: WebhookStore;
    scaled?: RedisNamespace;
  },
): Promise<Security> {
  const { config, records, identity, scaled } = deps;
  const callbackUrl = callbackUrlHook(deps.webhooks, records);
  const keys = ApiKeys.fromFile(config.API_KEYS_FILE);
  await registerHeaders(app, config);
  // Scaled mode: every API node counts one client's budgets and running jobs together.
  if (scaled && !config.RATE_LIMIT_SALT) await shareSalt(app, identity, scaled);
  const counter = rateCounter(scaled);
  await registerRateLimitStore(app, counter);
  const limiters = createLimiters(app, config);

  registerBodyStallCut(app, config.UPLOAD_STALL_SECONDS * 1000);
  app.decorateRequest('clientId', '');
  app.decorateRequest('apiKey', null);
  app.addHook('onRequest', async (request, reply) => {
    const path = routePath(request);
    const isApi = isApiPath(path);
    const token = isApi ? ApiKeys.bearerToken(request.headers.authorization) : undefined;
    const key = token === undefined ? undefined : keys.find(token);
    if (token !== undefined && !key) throw invalidKey();
    request.apiKey = key ?? null;
    request.clientId = key?.clientKey ?? identity.keyOf(request.ip);
    const budget = isApi ? apiBudgetOf(path, request.method) : null;
    if (budget) await spend(limiters[budget], request, reply);
  });

  // Routes say in their options whether they start work (job-gate.ts).
  const batches = new BatchStarts();
  const idempotency = idempotencyHooks(
    scaled
      ? new RedisIdempotencyStore(scaled.commands, `${scaled.prefix}:idempotency:`)
      : new MemoryIdempotencyStore(),
  );
  app.addHook('onRoute', (route) => {
    const spec = route.config?.startsJob;
    if (!spec) return;
    const gate = jobGate(spec, {
      config,
      records,
      limiters: { job: limiters.jobs, preview: limiters.previews },
      batches,
    });
    // A call that starts a job may be repeated safely (idempotency.ts): its key is claimed first.
    if (spec.budget === 'job') {
      appendOnRequest(route, idempotency.claim);
      appendHook(route, 'preHandler', idempotency.answer);
      appendHook(route, 'onSend', idempotency.keep);
      appendHook(route, 'preHandler', callbackUrl);
    }
    appendOnRequest(route, gate);
  });
  return { identity, hubAdmission: hubAdmission(identity, counter, config.RATE_LIMIT_HUB_PER_MINUTE) };
}
