// Follows a conversion that went on as a job (202 from the upload): its progress keeps coming
// from the hub, its status is polled here until it completes, then the result is fetched from its
// link and kept in the page like any other result.
import type { ConversionJob } from '@grabbit/contracts/convert-jobs';
import { ApiError, apiRequest } from '../../../lib/api-client';
import { failureMessage } from '../lib/failure-message';
import { ConversionError } from './upload-conversion';

const pollMs = 1500;
/** Status reads that may fail in a row (a phone between networks) before the page gives up. */
const maxMissedPolls = 8;

function wait(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(new ConversionError('The conversion was cancelled.'));
      },
      { once: true },
    );
  });
}

async function pollUntilDone(job: ConversionJob, signal?: AbortSignal): Promise<ConversionJob> {
  let current = job;
  let missed = 0;
  while (current.status === 'converting') {
    await wait(pollMs, signal);
    try {
      current = await apiRequest<ConversionJob>(current.statusUrl, {
        signal,
        toastErrors: false,
      });
      missed = 0;
    } catch (error) {
      missed += 1;
      const gone = error instanceof ApiError && error.status === 404;
      if (gone || missed > maxMissedPolls || signal?.aborted) throw error;
    }
  }
  return current;
}

export async function conversionJobResult(job: ConversionJob, signal?: AbortSignal): Promise<Blob> {
  const done = await pollUntilDone(job, signal);
  if (done.status === 'failed' || !done.downloadUrl) {
    throw new ConversionError(done.error ?? failureMessage(undefined), undefined, done.code);
  }
  return apiRequest<Blob>(done.downloadUrl, {
    responseType: 'blob',
    signal,
    toastErrors: false,
  });
}
