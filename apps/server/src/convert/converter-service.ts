// One upload's conversion, in both modes, as a service call: the upload streams to where its job
// reads it (embedded mode: a folder of the local DATA_DIR the job converts in place; scaled mode:
// the bucket's `uploads/` prefix or the shared DATA_DIR), a `convert` job is queued, and the call
// waits for the job's end through its job record (the one job waiter), then hands back the stored
// result (or, when the client follows jobs and the wait runs out, the job). A visitor who leaves
// once the job is queued does not stop it (see accept).
import type { Readable } from 'node:stream';
import type { ConverterKind } from '@grabbit/catalog';
import type { ConversionJob, ErrorCode } from '@grabbit/contracts';
import type { Config } from '../config/env';
import { AppError } from '../core/app-error';
import type { JobOrigin, JobRecords } from '../jobs/job-records';
import type { JobQueue } from '../jobs/runner';
import { waitForJob, type JobWait } from '../jobs/wait-for-job';
import type { EventBus } from '../realtime/event-bus';
import type { ResultStore, StoredResult } from '../storage/result-store';
import { formCheck, resultInfo } from './conversion-answer';
import { conversionFailure, fileTooLarge } from './conversion-errors';
import type { ConversionInputs, PendingInput } from './conversion-inputs';
import { syncOrJob, uploadLimit } from './conversion-job-setup';
import {
  conversionRecord,
  publicJob,
  type ConversionDetail,
  type ConversionRecord,
} from './conversion-record';
import type { SizeLimit } from './formats';
import { finishedUpload, type ResumableUploads } from './resumable-uploads';
import type { ReceivedUpload, UploadTarget } from './upload-target';

export interface ConverterDeps {
  config: Config;
  bus: EventBus;
  records: JobRecords;
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
   * runs out, the job. The conversion takes over the request's running-job slot (`origin`) and
   * holds it until it ends. `left` aborts when the visitor goes away before the answer: before the
   * job is queued that drops the upload and the conversion; once queued, the job goes on, keeps its
   * slot, and its owner collects it by its id (GET /api/convert/jobs/{id}), so a page can re-attach
   * to its conversions after a reload and leaving never frees a slot while work still runs.
   */
  async accept(
    kind: ConverterKind,
    receive: ReceiveUpload,
    options: { followsJobs: boolean; left: AbortSignal; clientId: string; origin: JobOrigin },
  ): Promise<Accepted> {
    const { records, inputs, jobs } = this.deps;
    // The record first: while Redis is away the visitor gets 503 before sending the whole file.
    const record = await records.start<ConversionDetail>(options.origin, 'conversion', {});
    const conversionId = record.id;
    let pending: PendingInput | undefined;
    let queued = false;
    let wait: JobWait<ConversionDetail> | undefined;
    const forget = async () => {
      await pending?.dispose().catch(() => undefined);
      await records.delete(conversionId).catch(() => undefined);
    };
    const onLeave = () => {
      if (!queued) void forget();
      // The wait for the end lets go (its answer has nobody to go to); the job goes on.
      wait?.stop();
    };
    options.left.addEventListener('abort', onLeave, { once: true });
    const form = formCheck(kind, this.deps.bus);
    try {
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
      wait = waitForJob<ConversionDetail>(records, this.deps.bus, conversionId);
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
      // Wrapped, so an end without a record (expired, or the visitor left) is not a job.
      const waitMs = this.deps.config.CONVERT_SYNC_WAIT_SECONDS * 1000;
      const ended = options.left.aborted
        ? undefined
        : await syncOrJob(
            options.followsJobs,
            waitMs,
            wait.done.then((done) => ({ record: done })),
          );
      options.left.removeEventListener('abort', onLeave);
      if (ended === undefined || options.left.aborted) {
        wait.stop();
        return { job: publicJob((await conversionRecord(records, conversionId)) ?? record) };
      }
      // Answered in this call: nobody asks for the record again.
      if (ended.record) void records.delete(conversionId).catch(() => undefined);
      const file = await this.openResult(ended.record);
      const body = file.createReadStream();
      // Answered in full or not at all: a result answered in the request is not kept.
      body.once('close', () => void this.deps.results.delete(file.meta.fileId).catch(() => undefined));
      return { file, body };
    } catch (error) {
      wait?.stop();
      if (!queued) await forget();
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

  /** The final record as the visitor's answer: the stored result, or its error across processes. */
  private async openResult(record: ConversionRecord | undefined): Promise<StoredResult> {
    if (!record) throw new AppError('TASK_NOT_FOUND', 'This conversion is not known (it may have expired).');
    if (record.status !== 'done') {
      const code = (record.errorCode ?? 'CONVERSION_FAILED') as ErrorCode;
      throw new AppError(code, record.error ?? 'The conversion failed.');
    }
    const file = record.result ? await this.deps.results.open(record.result) : undefined;
    if (!file) throw new AppError('FILE_EXPIRED', 'The converted file is no longer available.');
    return file;
  }
}
