// Runs conversion batches and keeps the queue: the files of a batch take turns in the visitor's
// running-job slots (as many at once as the server allows), a refusal for pacing (429) waits and
// tries again; each follows its progress on the hub and ends completed (with a local link) or
// failed (with its message).
import type { ConverterPage } from '@grabbit/catalog';
import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { toast } from '../../../components/ui/toast';
import { getConnection } from '../../../lib/connection';
import { conversionJobResult } from '../api/conversion-job';
import { followConversion } from '../api/conversion-progress';
import { inJobSlot, paced } from '../../../lib/pacing';
import {
  ConversionError,
  conversionRefusal,
  uploadConversion,
  type ResumableState,
} from '../api/upload-conversion';
import { batchSummary, converterToasts } from '../lib/batch-summary';
import { emptyQueue, queueReducer, waitingFor } from '../lib/conversion-queue';
import { failureMessage } from '../lib/failure-message';
import { downloadName } from '../lib/file-names';
import { checkFileSizes } from '../lib/file-selection';
import { randomId } from '../../../lib/random-id';
import { useObjectUrls } from './use-object-urls';

type Outcome = 'completed' | 'failed' | 'removed';

interface Endpoints {
  apiBase: string;
}

/** What every file of a batch is converted to, with the Options panel's fields. */
export interface BatchRequest {
  outputFormat: string;
  fields: Record<string, string>;
}

/** A batch as it runs: named, so the server counts one job start for all its files. */
type NamedBatch = BatchRequest & { batchId: string };

export function useConversionQueue(page: ConverterPage) {
  const [queue, dispatch] = useReducer(queueReducer, emptyQueue);
  const [busy, setBusy] = useState(false);
  const objectUrls = useObjectUrls();
  // Uploads still running, by item id: removing an item cancels its upload.
  const running = useRef(new Map<string, AbortController>());

  useEffect(() => {
    const uploads = running.current;
    return () => uploads.forEach((controller) => controller.abort());
  }, []);

  const convertNow = useCallback(
    async (
      endpoints: Endpoints,
      id: string,
      file: File,
      request: NamedBatch,
      controller: AbortController,
    ): Promise<Outcome> => {
      if (controller.signal.aborted) return 'removed';
      const progressId = randomId();
      const stopFollowing = await followConversion(progressId, (event) =>
        dispatch({ type: 'conversionProgress', id, ...event }),
      );
      try {
        const { outputFormat, fields, batchId } = request;
        // The item's resumable upload, kept across the retries below.
        const resumable: ResumableState = {};
        const upload = () => {
          dispatch({ type: 'waiting', id, waiting: undefined });
          return uploadConversion({
            apiBase: endpoints.apiBase,
            file,
            outputFormat,
            fields,
            progressId,
            resumable,
            batchId,
            signal: controller.signal,
            onUploadProgress: (progress) => dispatch({ type: 'uploadProgress', id, progress }),
          });
        };
        const answer = await paced(upload, conversionRefusal, controller.signal, (ms, code) =>
          dispatch({ type: 'waiting', id, waiting: waitingFor(code, ms) }),
        );
        // A long conversion answers with a job: the result is fetched once it is ready.
        const blob = answer instanceof Blob ? answer : await conversionJobResult(answer, controller.signal);
        if (controller.signal.aborted) return 'removed';
        const outputUrl = objectUrls.create(id, blob);
        dispatch({
          type: 'completed',
          id,
          outputUrl,
          downloadName: downloadName(file.name, outputFormat),
          outputBytes: blob.size,
        });
        return 'completed';
      } catch (error) {
        if (controller.signal.aborted) return 'removed';
        const message =
          error instanceof ConversionError
            ? error.message
            : failureMessage(undefined, (error as Error)?.message);
        dispatch({ type: 'failed', id, error: message });
        return 'failed';
      } finally {
        stopFollowing();
      }
    },
    [objectUrls],
  );

  const convertOne = useCallback(
    async (endpoints: Endpoints, id: string, file: File, request: NamedBatch): Promise<Outcome> => {
      const controller = new AbortController();
      running.current.set(id, controller);
      try {
        return await inJobSlot(() => convertNow(endpoints, id, file, request, controller));
      } finally {
        running.current.delete(id);
      }
    },
    [convertNow],
  );

  /**
   * Converts the selected files. Resolves once the batch is over: true when a batch ran (the caller
   * then clears the selection), false when nothing could start.
   */
  const convert = useCallback(
    async (files: readonly File[], request: BatchRequest): Promise<boolean> => {
      if (files.length === 0) {
        toast.error(converterToasts.noFiles.title, { description: converterToasts.noFiles.description });
        return false;
      }
      const { valid, tooLarge } = checkFileSizes(page, files);
      for (const file of tooLarge) {
        const message = converterToasts.tooLarge(file.name, page.maxSize);
        toast.error(message.title, { description: message.description });
      }
      if (valid.length === 0) {
        toast.error(converterToasts.noValidFiles.title, {
          description: converterToasts.noValidFiles.description,
        });
        return false;
      }
      setBusy(true);
      try {
        const endpoints = await getConnection();
        const items = valid.map((file) => ({ id: randomId(), file }));
        dispatch({ type: 'batchStarted', items });
        const batch: NamedBatch = { ...request, batchId: randomId() };
        const outcomes = await Promise.all(
          items.map(({ id, file }) => convertOne(endpoints, id, file, batch)),
        );
        const succeeded = outcomes.filter((o) => o === 'completed').length;
        const failed = outcomes.filter((o) => o === 'failed').length;
        if (succeeded + failed > 0) {
          const summary = batchSummary(succeeded, failed);
          toast[summary.variant](summary.title, { description: summary.description });
        }
      } catch (error) {
        console.error('Batch conversion error:', error);
        toast.error(converterToasts.batchError.title, {
          description: converterToasts.batchError.description,
        });
      } finally {
        dispatch({ type: 'batchFinished' });
        setBusy(false);
      }
      return true;
    },
    [page, convertOne],
  );

  const remove = useCallback(
    (id: string) => {
      running.current.get(id)?.abort();
      objectUrls.revoke(id);
      dispatch({ type: 'removed', id });
    },
    [objectUrls],
  );

  const clear = useCallback(() => {
    running.current.forEach((controller) => controller.abort());
    objectUrls.revokeAll();
    dispatch({ type: 'cleared' });
  }, [objectUrls]);

  return { queue, busy, convert, remove, clear };
}
