// The gate in front of every route that starts work (a download, a post or playlist read, a batch,
// a conversion): the API key's features, free disk space, the client's job budget and its cap on
// running jobs. Attached by URL when routes are declared, so route files need no change.
import { apiAreas } from '@grabbit/contracts';
import type { FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import type { Config } from '../config/env';
import { AppError } from '../core/app-error';
import type { ActiveJobs } from './active-jobs';
import type { ApiFeature } from './api-keys';
import { checkDiskSpace } from './disk-guard';
import { spend, type Limiter } from './rate-limits';

/** The feature a route starts work of, or undefined for routes that only read. */
export function jobFeature(method: string, url: string): ApiFeature | undefined {
  if (method !== 'POST') return undefined;
  if (url.startsWith(apiAreas.convert)) return 'convert';
  // Every POST under /api/download/ runs yt-dlp, except the zip of a finished batch.
  if (url.startsWith(apiAreas.download) && !url.endsWith('/download')) return 'download';
  return undefined;
}

const tooManyActive = (cap: number) =>
  new AppError(
    'TOO_MANY_ACTIVE_JOBS',
    `You already have ${cap} downloads or conversions running. Please wait for one to finish.`,
    429,
  );

/** A started task or batch named in a JSON answer: its slot is held until it finishes. */
function startedGroup(payload: unknown): string | undefined {
  if (typeof payload !== 'string' || !payload.startsWith('{')) return undefined;
  try {
    const body = JSON.parse(payload) as { taskId?: unknown; batchId?: unknown };
    if (typeof body.batchId === 'string') return `batch:${body.batchId}`;
    if (typeof body.taskId === 'string') return `task:${body.taskId}`;
  } catch {
    // Not JSON: nothing keeps running after the answer.
  }
  return undefined;
}

export interface JobGateDeps {
  config: Config;
  jobs: ActiveJobs;
  limiter: Limiter;
}

export function jobGate(feature: ApiFeature, deps: JobGateDeps) {
  const { config, jobs, limiter } = deps;
  const minFree = config.DISK_MIN_FREE_MB * 1024 * 1024;
  const onRequest = async (request: FastifyRequest, reply: FastifyReply) => {
    const key = request.apiKey;
    if (key && !key.features.includes(feature))
      throw new AppError('FEATURE_NOT_ALLOWED', `This API key may not use the ${feature} feature.`, 403);
    await checkDiskSpace(config.DATA_DIR, minFree);
    await spend(limiter, request, reply);
    const cap = key?.unlimited ? Infinity : (key?.limits.activeJobs ?? config.MAX_ACTIVE_JOBS_PER_CLIENT);
    const release = await jobs.take(request.clientId, cap);
    if (!release) throw tooManyActive(cap);
    // The client may have gone while the slot was taken: its answer will never close again.
    if (reply.raw.closed) return release();
    let group: string | undefined;
    reply.raw.once('close', () => (group ? jobs.holdUntilFinished(group, release) : release()));
    request.startedGroup = (found) => (group = found);
  };
  const onSend = async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    const found = reply.statusCode < 400 ? startedGroup(payload) : undefined;
    if (found) request.startedGroup?.(found);
    return payload;
  };
  return { onRequest, onSend };
}

/** Adds a hook of one kind to a route's own list. */
export function appendHook<K extends 'onRequest' | 'onSend'>(
  route: RouteOptions,
  kind: K,
  hook: (...args: never[]) => unknown,
): void {
  const current = route[kind];
  const list = current === undefined ? [] : Array.isArray(current) ? current : [current];
  (route as unknown as Record<K, unknown[]>)[kind] = [...list, hook];
}
