// Runs conversion batches and keeps the queue: the files of a batch take turns in the visitor's
// running-job slots (as many at once as the server allows), a refusal for pacing (429) waits and
// tries again; each upload answers its server job at once, is followed by it (progress on the hub,
// the job by its id through the pages' one follower, lib/jobs) and ends completed (with a local
// link) or failed (with its message). The queue is kept in the tab's session
// (lib/jobs/use-kept-queue.ts): after a reload its jobs are followed again.
import type { ConverterPage } from '@grabbit/catalog';
import type { ConversionJob } from '@grabbit/contracts/convert-jobs';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { toast } from '../../../components/ui/toast';
import { apiRequest } from '../../../lib/api-client';
import { getConnection } from '../../../lib/connection';
import { followJob } from '../../../lib/jobs/follow-job';
import { useKeptQueue } from '../../../lib/jobs/use-kept-queue';
import { inJobSlot, paced } from '../../../lib/pacing';
import { followConversion } from '../api/conversion-progress';
import {
  ConversionError,
  conversionRefusal,
  uploadConversion,
  type ResumableState,
} from '../api/upload-conversion';
import { batchSummary, converterToasts } from '../lib/batch-summary';
import { emptyQueue, queueReducer, waitingFor, type QueueItem } from '../lib/conversion-queue';
import { failureMessage } from '../lib/failure-message';
import { downloadName } from '../lib/file-names';
import { checkFileSizes, keptAsIsNote } from '../lib/file-selection';
import { keptConversions } from '../lib/kept-queue';
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

  /** An item's end with an error (or its removal meanwhile, which needs no word). */
  const failed = useCallback((id: string, controller: AbortController, error: unknown): Outcome => {
    if (controller.signal.aborted) return 'removed';
    const message =
      error instanceof ConversionError ? error.message : failureMessage(undefined, (error as Error)?.message);
    dispatch({ type: 'failed', id, error: message });
    return 'failed';
  }, []);

  const client = useQueryClient();
  /** An item's job followed to its end: completed with a local link, failed, or removed meanwhile. */
  const finishJob = useCallback(
    async (id: string, job: ConversionJob, controller: AbortController): Promise<Outcome> => {
      try {
        const done = await followJob(client, job.jobId, {
          signal: controller.signal,
          onChange: (next) => dispatch({ type: 'job', id, job: next }),
        });
        if (done.status !== 'done' || !done.result)
          throw new ConversionError(
            done.error?.message ?? failureMessage(undefined),
            undefined,
            done.error?.code,
          );
        // The result is kept in the page like any other (saved, zipped, or kept across a reload by its job).
        const blob = await apiRequest<Blob>(done.result.url, {
          responseType: 'blob',
          signal: controller.signal,
          toastErrors: false,
        });
        if (controller.signal.aborted) return 'removed';
        dispatch({ type: 'completed', id, outputUrl: objectUrls.create(id, blob), outputBytes: blob.size });
        return 'completed';
      } catch (error) {
        return failed(id, controller, error);
      }
    },
    [client, objectUrls, failed],
  );

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
        const job = await paced(upload, conversionRefusal, controller.signal, (ms, code) =>
          dispatch({ type: 'waiting', id, waiting: waitingFor(code, ms) }),
        );
        // Known from here on: kept in the session, the conversion is found again after a reload.
        const name = downloadName(file.name, outputFormat);
        dispatch({ type: 'jobStarted', id, job, progressId, downloadName: name });
        return await finishJob(id, job, controller);
      } catch (error) {
        return failed(id, controller, error);
      } finally {
        stopFollowing();
      }
    },
    [finishJob, failed],
  );

  /** A kept item's job after a reload, followed again (in a slot: it still holds one on the server). */
  const resume = useCallback(
    async (item: QueueItem) => {
      const { id, job, progressId } = item;
      if (!job) return;
      const controller = new AbortController();
      running.current.set(id, controller);
      const stopFollowing = progressId
        ? await followConversion(progressId, (event) =>
            dispatch({ type: 'conversionProgress', id, ...event }),
          )
        : () => undefined;
      try {
        await inJobSlot(() => finishJob(id, job, controller));
      } finally {
        stopFollowing();
        running.current.delete(id);
      }
    },
    [finishJob],
  );
  const kept = useMemo(() => keptConversions(page.id), [page.id]);
  useKeptQueue(kept, queue.items, (items) => {
    dispatch({ type: 'restored', items });
    for (const item of items) if (item.status === 'converting') void resume(item);
  });

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
      // A file already in the chosen format is its own result: listed as kept, never uploaded.
      const kept = files.flatMap((file) => {
        const note = keptAsIsNote(file, request.outputFormat);
        return note ? [{ file, note }] : [];
      });
      if (kept.length > 0)
        dispatch({
          type: 'keptAsIs',
          items: kept.map(({ file, note }) => {
            const id = randomId();
            const outputUrl = objectUrls.create(id, file);
            return { id, name: file.name, outputUrl, outputBytes: file.size, note };
          }),
        });
      const toConvert = files.filter((file) => !kept.some((entry) => entry.file === file));
      if (toConvert.length === 0) return true;
      const { valid, tooLarge } = checkFileSizes(page, toConvert);
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
        dispatch({ type: 'batchStarted', items: items.map(({ id, file }) => ({ id, name: file.name })) });
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
    [page, convertOne, objectUrls],
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
