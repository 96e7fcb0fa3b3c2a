// The one gate in front of every route that starts work. A route says so in its options
// (`config: startsJob(feature, budget)`), so the gate acts on the route the router matched, never
// on the URL. A `job` route (a download, a post or playlist read, a batch, a conversion, a cloud
// copy) passes the API key's features, the free-disk check, the client's job budget per minute and
// its cap on running jobs, and the client's quota of finished results it has not collected
// (waiting-quota.ts). The cap counts the client's job records that are queued or running, in
// either mode (jobs/): the gate takes a slot as a job record of its own (`request.jobSlot`), which
// the request holds until its answer is sent, unless the route's feature takes it over as the job
// it starts (a download, a batch, a conversion, a cloud copy). A job then holds the slot until it
// ends, whatever happens to the request: a client that closes its connection does not cancel its
// job, which goes on and can be collected by its id afterwards (a page re-attaches to it after a
// reload), so leaving cannot be used to run more than the cap at once. A `preview` route (a short
// read for the page's preview) spends its own per-minute budget and holds no slot, so a visitor
// with downloads running still gets previews.
import type { ErrorCode } from '@grabbit/contracts';
import type { FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import type { Config } from '../config/env';
import { AppError } from '../core/app-error';
import { newId } from '../core/ids';
import type { JobOrigin, JobRecords, JobSlot } from '../jobs/job-records';
import type { ApiFeature } from './api-keys';
import { batchOf, type BatchStarts } from './batch-starts';
import { checkDiskSpace } from './disk-guard';
import { spend, type Limiter } from './rate-limits';
import { appendHook, isIdempotentRetry } from './idempotency';
import { checkWaitingResults } from './waiting-quota';

export type JobBudget = 'job' | 'preview';

export interface JobRoute {
  feature: ApiFeature;
  budget: JobBudget;
  /** A request naming its batch (batch-starts.ts) spends the job budget once per batch. */
  batched?: boolean;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Set on routes that start work: the job gate reads it. */
    startsJob?: JobRoute;
  }
  interface FastifyRequest {
    /** Set by the job gate: the running-job slot this request holds, for the job it starts. */
    jobSlot?: JobSlot;
  }
}

/** A route's options for work it starts: `{ config: startsJob('download') }`. */
export function startsJob(
  feature: ApiFeature,
  budget: JobBudget = 'job',
  options: { batched?: boolean } = {},
): { startsJob: JobRoute } {
  return { startsJob: { feature, budget, ...options } };
}

/** What the gate may refuse a request with (the API document lists them on every such route). */
export const jobGateErrors: readonly ErrorCode[] = [
  'FEATURE_NOT_ALLOWED',
  'DISK_FULL',
  'TOO_MANY_ACTIVE_JOBS',
  'RATE_LIMITED',
  'RESULTS_WAITING',
];

const tooManyActive = (cap: number) =>
  new AppError(
    'TOO_MANY_ACTIVE_JOBS',
    `You already have ${cap} downloads or conversions running. Please wait for one to finish.`,
  );

export interface JobGateDeps {
  config: Config;
  records: JobRecords;
  limiters: Record<JobBudget, Limiter>;
  batches: BatchStarts;
}

/** The job budget: spent once per batch on a batched route, else once per request. */
async function spendJobStart(
  route: JobRoute,
  deps: JobGateDeps,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  const batch = route.batched ? batchOf(request) : undefined;
  if (batch && deps.batches.covers(request.clientId, batch)) return;
  await spend(deps.limiters.job, request, reply);
  if (batch) deps.batches.paid(request.clientId, batch);
}

export function jobGate(route: JobRoute, deps: JobGateDeps) {
  const { feature, budget } = route;
  const { config, records } = deps;
  const minFree = config.DISK_MIN_FREE_MB * 1024 * 1024;
  return async (request: FastifyRequest, reply: FastifyReply) => {
    // A retry answered from its Idempotency-Key starts nothing: no slot, no job start spent.
    if (isIdempotentRetry(request)) return;
    const key = request.apiKey;
    if (key && !key.features.includes(feature))
      throw new AppError('FEATURE_NOT_ALLOWED', `This API key may not use the ${feature} feature.`);
    await checkDiskSpace(config.DATA_DIR, minFree);
    if (budget === 'preview') return spend(deps.limiters.preview, request, reply);
    // Results left waiting first: a refusal for them neither takes a slot nor costs a job start.
    await checkWaitingResults(records, request.clientId, config, key);
    // The running-job cap first: a refusal for it does not cost one of the minute's job starts.
    const cap = key?.unlimited ? Infinity : (key?.limits.activeJobs ?? config.MAX_ACTIVE_JOBS_PER_CLIENT);
    const slot = await records.takeSlot(newId(), request.clientId, cap);
    if (!slot) throw tooManyActive(cap);
    const release = () => void records.endRead(slot).catch(() => undefined);
    try {
      await spendJobStart(route, deps, request, reply);
    } catch (error) {
      release();
      throw error;
    }
    // The client may have gone while the slot was taken: its answer will never close again.
    if (reply.raw.closed) return release();
    reply.raw.once('close', release);
    request.jobSlot = slot;
  };
}

/**
 * Where a route's job comes from: the request's slot, or, should a route start a job without
 * passing the gate, a job of the client's that holds no slot.
 */
export function jobOrigin(request: FastifyRequest): JobOrigin {
  return request.jobSlot ? { slot: request.jobSlot } : { owner: request.clientId };
}

/** Adds a hook to a route's own onRequest list. */
export function appendOnRequest(route: RouteOptions, hook: (...args: never[]) => unknown): void {
  appendHook(route, 'onRequest', hook);
}
