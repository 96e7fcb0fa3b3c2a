// The one gate in front of every route that starts work. A route says so in its options
// (`config: startsJob(feature, budget)`), so the gate acts on the route the router matched, never
// on the URL. A `job` route (a download, a post or playlist read, a batch, a conversion, a cloud
// copy) passes the API key's features, the free-disk check, the client's job budget per minute and
// its cap on running jobs; its slot is held until the answer is sent, or, when the route names the
// task or batch it started (`request.jobStarted`), until that finishes. A `preview` route (a short
// read for the page's preview) spends its own per-minute budget and holds no slot, so a visitor
// with downloads running still gets previews.
import type { FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import type { Config } from '../config/env';
import { AppError } from '../core/app-error';
import type { ActiveJobs } from './active-jobs';
import type { ApiFeature } from './api-keys';
import { batchOf, type BatchStarts } from './batch-starts';
import { checkDiskSpace } from './disk-guard';
import { spend, type Limiter } from './rate-limits';

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
    /** Set by the job gate: names the task or batch this request started (`task:<id>`, `batch:<id>`). */
    jobStarted?: (group: `task:${string}` | `batch:${string}`) => void;
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

const tooManyActive = (cap: number) =>
  new AppError(
    'TOO_MANY_ACTIVE_JOBS',
    `You already have ${cap} downloads or conversions running. Please wait for one to finish.`,
  );

export interface JobGateDeps {
  config: Config;
  jobs: ActiveJobs;
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
  const { config, jobs } = deps;
  const minFree = config.DISK_MIN_FREE_MB * 1024 * 1024;
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const key = request.apiKey;
    if (key && !key.features.includes(feature))
      throw new AppError('FEATURE_NOT_ALLOWED', `This API key may not use the ${feature} feature.`);
    await checkDiskSpace(config.DATA_DIR, minFree);
    if (budget === 'preview') return spend(deps.limiters.preview, request, reply);
    // The running-job cap first: a refusal for it does not cost one of the minute's job starts.
    const cap = key?.unlimited ? Infinity : (key?.limits.activeJobs ?? config.MAX_ACTIVE_JOBS_PER_CLIENT);
    const release = await jobs.take(request.clientId, cap);
    if (!release) throw tooManyActive(cap);
    try {
      await spendJobStart(route, deps, request, reply);
    } catch (error) {
      release();
      throw error;
    }
    // The client may have gone while the slot was taken: its answer will never close again.
    if (reply.raw.closed) return release();
    let group: string | undefined;
    reply.raw.once('close', () => (group ? jobs.holdUntilFinished(group, release) : release()));
    request.jobStarted = (started) => (group = started);
  };
}

/** Adds a hook to a route's own onRequest list. */
export function appendOnRequest(route: RouteOptions, hook: (...args: never[]) => unknown): void {
  const current = route.onRequest;
  const list = current === undefined ? [] : Array.isArray(current) ? current : [current];
  route.onRequest = [...list, hook] as RouteOptions['onRequest'];
}
