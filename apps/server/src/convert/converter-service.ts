// One upload's conversion, in both modes, as a service call: the upload streams to where its job
// reads it (embedded mode: a folder of the local DATA_DIR the job converts in place; scaled mode:
// the bucket's `uploads/` prefix or the shared DATA_DIR), a `convert` job is queued, and the call
// waits for the job's end through the state store and the signals, then hands back the stored
// result (or, when the client follows jobs and the wait runs out, the job). A visitor who leaves
// before the answer cancels the job: a queued one is removed, a running one's engines are stopped.
import type { Readable } from 'node:stream';
import type { ConverterKind } from '@grabbit/catalog';
import type { ConversionJob } from '@grabbit/contracts';
import type { Config } from '../config/env';
import { AppError } from '../core/app-error';
import { newId } from '../core/ids';
import type { JobQueue } from '../jobs/runner';
import type { EventBus } from '../realtime/event-bus';
import type { ResultStore, StoredResult } from '../storage/result-store';
import { formCheck, resultInfo } from './conversion-answer';
import { conversionFailure, fileTooLarge } from './conversion-errors';
import type { ConversionInputs, PendingInput } from './conversion-inputs';
import { syncOrJob, uploadLimit } from './conversion-job-setup';
import type { ConversionSignals } from './conversion-signals';
import { isFinished, publicJob, type ConversionRecord, type ConversionStateStore } from './conversion-state';
import { cancelledFailure } from './convert-job';
import type { SizeLimit } from './formats';
import { finishedUpload, type ResumableUploads } from './resumable-uploads';
import type { ReceivedUpload, UploadTarget } from './upload-target';
import { waitForConversion } from './wait-for-conversion';

export interface ConverterDeps {
  config: Config;
  bus: EventBus;
  state: ConversionStateStore;
  signals: ConversionSignals;
  inputs: ConversionInputs;
  results: ResultStore;
  jobs: JobQueue;
  /** Resumable uploads (tus) that a conversion may take over by id. */
  resumable: ResumableUploads;
}

/**
 * How the caller hands over the upload: into `target`, under `limit`, reporting as it goes; or,
 * for a finished resumable upload named in the form, through `adopt`.
 */
export type ReceiveUpload = (options: {
  target: () => UploadTarget;
  adopt: (uploadId: string) => Promise<{ bytes: number; originalName: string }>;
  limit: SizeLimit;
  onForm: ReturnType<typeof formCheck>['onForm'];
  onPercent: (percent: number) => void;
}) => Promise<ReceivedUpload>;

export type Accepted = { file: StoredResult; body: Readable } | { job: ConversionJob };

export class ConverterService {
  constructor(readonly deps: ConverterDeps) {}

  /** The largest upload of a kind (the pages' own limit, under the operator's cap). */
  uploadLimit(kind: ConverterKind): SizeLimit {
    return uploadLimit(kind, this.deps.config.CONVERT_MAX_UPLOAD_BYTES);
  }

  /** The largest resumable upload: the largest upload of any kind (checked again per kind). */
  resumableLimit(): SizeLimit {
    const limits = (['image', 'audio', 'video'] as const).map((kind) => this.uploadLimit(kind));
    return limits.reduce((largest, limit) => (limit.bytes > largest.bytes ? limit : largest));
  }

  /**
   * Receives the upload, converts it and answers the result or, when `followsJobs` and the wait
   * runs out, the job. `left` aborts when the visitor goes away before the answer.
   */
  async accept(
    kind: ConverterKind,
    receive: ReceiveUpload,
    options: { followsJobs: boolean; left: AbortSignal; clientId: string },
  ): Promise<Accepted> {
    const { state, inputs, jobs } = this.deps;
    const conversionId = newId();
    let pending: PendingInput | undefined;
    let queued = false;
    const wait = { current: undefined as ReturnType<typeof waitForConversion> | undefined };
    const onLeave = () => {
      if (queued && pending) void this.cancel(conversionId, pending).catch(() => undefined);
      else {
        void pending?.dispose().catch(() => undefined);
        void state.delete(conversionId).catch(() => undefined);
      }
      // The wait for the end lets go (its answer has nobody to go to).
      wait.current?.stop();
    };
    options.left.addEventListener('abort', onLeave, { once: true });
    const form = formCheck(kind, this.deps.bus);
    try {
      // The state first: while Redis is away the visitor gets 503 before sending the whole file.
      await state.set({ conversionId, status: 'queued' });
      pending = await inputs.create();
      const limit = this.uploadLimit(kind);
      const input = pending;
      const upload = await receive({
        limit,
        target: pending.target,
        adopt: (uploadId) => this.adopt(uploadId, options.clientId, limit, input),
        onForm: form.onForm,
        onPercent: (percent) => form.report('uploading', percent),
      });
      const extension = upload.form.OutputFormat;
      wait.current = waitForConversion(state, this.deps.signals, conversionId);
      await jobs.submit({
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
          ...resultInfo(upload.originalName, extension),
        },
      });
      queued = true;
      // Gone while the job was being queued: cancelled now that it can be.
      if (options.left.aborted) onLeave();
      // Wrapped, so an end without a record (expired, or the visitor left) is not a job.
      const waitMs = this.deps.config.CONVERT_SYNC_WAIT_SECONDS * 1000;
      const ended = await syncOrJob(
        options.followsJobs,
        waitMs,
        wait.current.done.then((record) => ({ record })),
      );
      if (ended === undefined) {
        options.left.removeEventListener('abort', onLeave);
        wait.current.stop();
        return { job: publicJob((await state.get(conversionId)) ?? { conversionId, status: 'queued' }) };
      }
      // Answered in this call: nobody asks for the record again.
      if (ended.record) void state.delete(conversionId).catch(() => undefined);
      const file = await this.openResult(ended.record);
      const body = file.createReadStream();
      // Answered in full or not at all: a result answered in the request is not kept.
      body.once('close', () => void this.deps.results.delete(file.meta.fileId).catch(() => undefined));
      return { file, body };
    } catch (error) {
      wait.current?.stop();
      if (!queued) {
        await pending?.dispose().catch(() => undefined);
        await state.delete(conversionId).catch(() => undefined);
      }
      throw conversionFailure(error);
    }
  }

  /**
   * Takes the client's finished resumable upload over as the pending input, under the kind's size
   * limit; the upload is removed once its bytes are the input's.
   */
  private async adopt(
    uploadId: string,
    clientId: string,
    limit: SizeLimit,
    pending: PendingInput,
  ): Promise<{ bytes: number; originalName: string }> {
    const { resumable } = this.deps;
    const upload = await finishedUpload(resumable, uploadId, clientId);
    if (upload.size > limit.bytes) throw fileTooLarge(limit.text);
    await pending.adopt(upload.source);
    await resumable.forget(uploadId);
    return { bytes: upload.size, originalName: upload.fileName };
  }

  /**
   * Marks a conversion cancelled (unless it already ended): a job still queued is removed and its
   * upload with it; a running one is told to stop (its worker removes the upload).
   */
  private async cancel(conversionId: string, pending: PendingInput): Promise<void> {
    const failure = cancelledFailure();
    await this.deps.state.update(conversionId, (current) =>
      current && !isFinished(current)
        ? { conversionId, status: 'failed', code: failure.code, message: failure.message }
        : undefined,
    );
    if (await this.deps.jobs.discard({ name: 'convert', id: conversionId })) await pending.dispose();
    else this.deps.signals.publish({ conversionId, signal: 'cancel' });
  }

  /** The final record as the visitor's answer: the stored result, or its error across processes. */
  private async openResult(record: ConversionRecord | undefined): Promise<StoredResult> {
    if (!record) throw new AppError('TASK_NOT_FOUND', 'This conversion is not known (it may have expired).');
    if (record.status === 'failed')
      throw new AppError(record.code ?? 'CONVERSION_FAILED', record.message ?? 'The conversion failed.');
    const file = record.fileId ? await this.deps.results.open(record.fileId) : undefined;
    if (!file) throw new AppError('FILE_EXPIRED', 'The converted file is no longer available.');
    return file;
  }
}
