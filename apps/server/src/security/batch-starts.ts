// One press of Convert is one job start for the visitor's per-minute budget, whatever the number
// of files: the page names the press (a batch id in the query), the batch's first start spends
// the budget and its further starts ride on it. The running-job cap still paces the files.
// Bounded: a batch covers at most `maxStarts` starts within `ttlMs` of its first, and at most
// `maxBatches` batches are remembered (the oldest forgotten first). A forgotten or unknown batch
// only means its next start spends the budget again. Kept per process: with several API nodes a
// batch may spend once on each, never less than once.
import { conversionBatchParam } from '@grabbit/contracts/convert-jobs';
import type { FastifyRequest } from 'fastify';

const batchIdPattern = /^[A-Za-z0-9_-]{8,64}$/;

export interface BatchStartLimits {
  maxStarts: number;
  ttlMs: number;
  maxBatches: number;
}

const defaults: BatchStartLimits = { maxStarts: 100, ttlMs: 30 * 60_000, maxBatches: 10_000 };

/** The batch a request names in its query, when it names a well-formed one. */
export function batchOf(request: FastifyRequest): string | undefined {
  const query = request.query as Record<string, unknown> | undefined;
  const id = query?.[conversionBatchParam];
  return typeof id === 'string' && batchIdPattern.test(id) ? id : undefined;
}

export class BatchStarts {
  private readonly batches = new Map<string, { starts: number; expiresAt: number }>();
  private readonly limits: BatchStartLimits;

  constructor(limits: Partial<BatchStartLimits> = {}) {
    this.limits = { ...defaults, ...limits };
  }

  /** True (and counted) when this start belongs to a batch of the client whose first start was paid. */
  covers(clientId: string, batchId: string, now = Date.now()): boolean {
    const entry = this.batches.get(`${clientId}\n${batchId}`);
    if (!entry || entry.expiresAt <= now || entry.starts >= this.limits.maxStarts) return false;
    entry.starts += 1;
    return true;
  }

  /** The batch's first start spent the budget. */
  paid(clientId: string, batchId: string, now = Date.now()): void {
    while (this.batches.size >= this.limits.maxBatches) {
      const oldest = this.batches.keys().next().value;
      if (oldest === undefined) break;
      this.batches.delete(oldest);
    }
    this.batches.set(`${clientId}\n${batchId}`, { starts: 1, expiresAt: now + this.limits.ttlMs });
  }
}
