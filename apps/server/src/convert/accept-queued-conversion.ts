// One upload's conversion, in both modes: the upload streams to where its job reads it (embedded
// mode: a folder of the local DATA_DIR the job converts in place; scaled mode: the bucket's
// `uploads/` prefix or the shared DATA_DIR), a `convert` job is queued (this process's runner, or
// BullMQ for a worker), and this process waits for the job's end through the state store and the
// signals, then streams the result back from the result store in the same answer (or answers 202
// and the job past the wait, with `Prefer: respond-async`). A visitor who leaves before the answer
// cancels the job: a queued one is removed, a running one's engines are stopped.
import type { ConverterKind } from '@grabbit/catalog';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config/env';
import { AppError } from '../core/app-error';
import type { JobRunner } from '../jobs/runner';
import type { EventBus } from '../realtime/event-bus';
import { newId } from '../core/ids';
import { formCheck, resultInfo, sendConvertedFile } from './conversion-answer';
import { failedAcceptance } from './conversion-failure';
import type { PendingInput } from './conversion-inputs';
import { syncOrJob, uploadLimit } from './conversion-job-setup';
import type { ConversionParts } from './conversion-parts';
import { isFinished, publicJob, type ConversionRecord } from './conversion-state';
import { cancelledFailure } from './convert-job';
import { receiveUpload } from './upload';
import { waitForConversion, type ConversionWait } from './wait-for-conversion';

export interface AcceptQueuedDeps {
  config: Config;
  bus: EventBus;
  parts: ConversionParts;
  runner: JobRunner;
}

/**
 * Marks a conversion cancelled (unless it already ended): a job still queued is removed and its
 * upload with it; a running one is told to stop (its worker removes the upload).
 */
async function cancelConversion(
  deps: AcceptQueuedDeps,
  conversionId: string,
  pending: PendingInput,
): Promise<void> {
  const { parts } = deps;
  const failure = cancelledFailure();
  await parts.state.update(conversionId, (current) =>
    current && !isFinished(current)
      ? { conversionId, status: 'failed', code: failure.code, message: failure.message }
      : undefined,
  );
  if (await deps.runner.discard({ name: 'convert', id: conversionId })) await pending.dispose();
  else parts.signals.publish({ conversionId, signal: 'cancel' });
}

/** The final record as the visitor's answer: the stored result, or its error across processes. */
async function openResult(parts: ConversionParts, record: ConversionRecord | undefined) {
  if (!record) throw new AppError('TASK_NOT_FOUND', 'This conversion is not known (it may have expired).');
  if (record.status === 'failed')
    throw new AppError(record.code ?? 'CONVERSION_FAILED', record.message ?? 'The conversion failed.');
  const file = record.fileId ? await parts.results.open(record.fileId) : undefined;
  if (!file) throw new AppError('FILE_EXPIRED', 'The converted file is no longer available.');
  return file;
}

export function acceptQueuedConversion(deps: AcceptQueuedDeps, kind: ConverterKind) {
  const { config, parts } = deps;
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const conversionId = newId();
    const limit = uploadLimit(kind, config.CONVERT_MAX_UPLOAD_BYTES);
    let pending: PendingInput | undefined;
    let wait: ConversionWait | undefined;
    let queued = false;
    let continuedAsJob = false;
    let left = false;
    const cancel = (input: PendingInput) =>
      void cancelConversion(deps, conversionId, input).catch(() => undefined);
    reply.raw.once('close', () => {
      // A job outlives its request; otherwise a close before the answer finished means the
      // visitor left: the job is cancelled (its worker stops and removes the upload).
      if (continuedAsJob || reply.raw.writableFinished) return;
      left = true;
      if (queued && pending) cancel(pending);
      else {
        void pending?.dispose().catch(() => undefined);
        void parts.state.delete(conversionId).catch(() => undefined);
      }
      // The handler waiting for the end lets go (its answer has nobody to go to).
      wait?.stop();
    });
    const form = formCheck(kind, deps.bus);
    try {
      // The state first: while Redis is away the visitor gets 503 before sending the whole file.
      await parts.state.set({ conversionId, status: 'queued' });
      pending = await parts.inputs.create();
      const upload = await receiveUpload(request, {
        limit,
        target: pending.target,
        onForm: form.onForm,
        onPercent: (percent) => form.report('uploading', percent),
        stallMs: config.UPLOAD_STALL_SECONDS * 1000,
      });
      const extension = upload.form.OutputFormat;
      const info = resultInfo(upload.originalName, extension);
      wait = waitForConversion(parts.state, parts.signals, conversionId);
      await deps.runner.submit({
        name: 'convert',
        id: conversionId,
        data: {
          conversionId,
          kind,
          input: await pending.input(),
          bytes: upload.bytes,
          outputExtension: extension,
          options: upload.form,
          ...(upload.form.ProgressId ? { progressId: upload.form.ProgressId } : {}),
          ...info,
        },
      });
      queued = true;
      // Gone while the job was being queued: cancelled now that it can be.
      if (left) cancel(pending);
      // Wrapped, so an end without a record (expired, or the visitor left) is not a job.
      const ended = await syncOrJob(
        request,
        config,
        wait.done.then((record) => ({ record })),
      );
      if (ended === undefined) {
        continuedAsJob = true;
        wait.stop();
        const job = (await parts.state.get(conversionId)) ?? { conversionId, status: 'queued' };
        return reply.code(202).header('cache-control', 'no-store').send(publicJob(job));
      }
      // Answered in this request: nobody asks for the record again.
      if (ended.record) void parts.state.delete(conversionId).catch(() => undefined);
      const file = await openResult(parts, ended.record);
      const body = file.createReadStream();
      // Answered in full or not at all: a result answered in the request is not kept.
      body.once('close', () => void parts.results.delete(file.meta.fileId).catch(() => undefined));
      return sendConvertedFile(reply, {
        body,
        size: file.size,
        fileName: file.meta.fileName,
        contentType: file.meta.contentType,
      });
    } catch (error) {
      wait?.stop();
      if (!queued) {
        await pending?.dispose().catch(() => undefined);
        await parts.state.delete(conversionId).catch(() => undefined);
      }
      throw failedAcceptance(request, reply, error, limit);
    }
  };
}
