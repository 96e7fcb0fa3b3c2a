// Follows a conversion's job (the upload answers it at once, 202): its progress keeps coming from
// the hub, its status is polled here until it completes, then the result is fetched from its link
// and kept in the page like any other result. The same follows a kept job after a reload.
import type { ConversionJob } from '@grabbit/contracts/convert-jobs';
import { ApiError, apiRequest } from '../../../lib/api-client';
import { failureMessage } from '../lib/failure-message';
import { ConversionError } from './upload-conversion';

/** Quick first reads (most conversions are short), then every 1.5 s (status reads spend no budget). */
const pollDelayMs = (attempt: number) => Math.min(1500, 150 * 2 ** attempt);
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
  for (let attempt = 0; current.status === 'converting'; attempt += 1) {
    await wait(pollDelayMs(attempt), signal);
    try {
      current = await apiRequest<ConversionJob>(current.statusUrl, {
        signal,
        toastErrors: false,
      });
      missed = 0;
    } catch (error) {
      // A refusal for pacing is no missed read: the next one simply comes later.
      if (error instanceof ApiError && error.status === 429) continue;
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
