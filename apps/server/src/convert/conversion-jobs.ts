// Conversions that outlive their request (embedded mode): when a client asked to continue as a job
// and the conversion is still running at the wait bound, it carries on here. The result moves into
// the result store (expires like download results) and the job's record in the state store gives
// its link. Progress keeps going to the hub group the request named.
import type { ConversionJob } from '@grabbit/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../http/app-error';
import { newId } from '../storage/file-ids';
import type { ResultStore } from '../storage/result-store';
import { conversionFailure } from './conversion-errors';
import { publicJob, type ConversionRecord, type ConversionStateStore } from './conversion-state';

export interface JobResultInfo {
  fileName: string;
  contentType: string;
  /** Removes the conversion's workspace once the result is stored or the job failed. */
  dispose: () => Promise<void>;
}

/** The work's outcome if it settles within `waitMs`, else undefined (a failure throws). */
export async function settledWithin<T>(work: Promise<T>, waitMs: number): Promise<T | undefined> {
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
  constructor(
    private readonly results: ResultStore,
    private readonly state: ConversionStateStore,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Takes over a running conversion; answers its first status. */
  async adopt(work: Promise<string>, info: JobResultInfo): Promise<ConversionJob> {
    const record: ConversionRecord = { conversionId: newId(), status: 'converting' };
    await this.state.set(record);
    void this.finish(record.conversionId, work, info);
    return publicJob(record);
  }

  private async finish(conversionId: string, work: Promise<string>, info: JobResultInfo): Promise<void> {
    try {
      const stored = await this.results.put(await work, {
        fileName: info.fileName,
        contentType: info.contentType,
      });
      await this.state.set({
        conversionId,
        status: 'completed',
        fileName: stored.fileName,
        fileId: stored.fileId,
      });
    } catch (error) {
      const failure = conversionFailure(error);
      if (!(error instanceof AppError)) this.log.warn({ err: error }, 'conversion job failed');
      await this.state.set({ conversionId, status: 'failed', message: failure.message, code: failure.code });
    } finally {
      await info.dispose();
    }
  }
}
