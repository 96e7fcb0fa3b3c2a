// Conversions that outlive their request: when a client asked to continue as a job and the
// conversion is still running at the wait bound, it carries on here. The result moves into the
// result store (expires like download results) and the job's status gives its link. Progress keeps
// going to the hub group the request named.
import { conversionJobPath, conversionResultPath, type ConversionJob } from '@grabbit/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../http/app-error';
import { newId } from '../storage/file-ids';
import type { ResultStore } from '../storage/result-store';
import { conversionFailure } from './conversion-errors';

export interface JobResultInfo {
  fileName: string;
  contentType: string;
  /** Removes the conversion's workspace once the result is stored or the job failed. */
  dispose: () => Promise<void>;
}

/** The conversion's output path if it settles within `waitMs`, else undefined (a failure throws). */
export async function settledWithin(work: Promise<string>, waitMs: number): Promise<string | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const waited = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), waitMs);
  });
  try {
    return await Promise.race([work, waited]);
  } finally {
    clearTimeout(timer);
  }
}

export class ConversionJobs {
  private readonly jobs = new Map<string, ConversionJob>();

  constructor(
    private readonly results: ResultStore,
    /** Statuses are forgotten when their results expire. */
    private readonly ttlMs: number,
    private readonly log: FastifyBaseLogger,
  ) {}

  get(jobId: string): ConversionJob | undefined {
    return this.jobs.get(jobId);
  }

  /** Takes over a running conversion; answers its first status. */
  adopt(work: Promise<string>, info: JobResultInfo): ConversionJob {
    const jobId = newId();
    const job: ConversionJob = { jobId, status: 'converting', statusUrl: conversionJobPath(jobId) };
    this.jobs.set(jobId, job);
    setTimeout(() => this.jobs.delete(jobId), this.ttlMs).unref();
    void this.finish(job, work, info);
    return { ...job };
  }

  private async finish(job: ConversionJob, work: Promise<string>, info: JobResultInfo): Promise<void> {
    try {
      const stored = await this.results.put(await work, {
        fileName: info.fileName,
        contentType: info.contentType,
      });
      this.jobs.set(job.jobId, {
        ...job,
        status: 'completed',
        fileName: stored.fileName,
        downloadUrl: conversionResultPath(stored.fileId),
      });
    } catch (error) {
      const failure = conversionFailure(error);
      if (!(error instanceof AppError)) this.log.warn({ err: error }, 'conversion job failed');
      this.jobs.set(job.jobId, { ...job, status: 'failed', error: failure.message, code: failure.code });
    } finally {
      await info.dispose();
    }
  }
}
