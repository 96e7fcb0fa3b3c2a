// One upload's conversion, in both modes, as service calls. `open` starts the conversion's job
// record (which holds the client's running-job slot until the conversion ends) and readies where
// its upload goes (embedded mode: a folder of the local DATA_DIR the job converts in place; scaled
// mode: the bucket's `uploads/` prefix or the shared DATA_DIR); the edge streams the file there and
// hands `accept` what it read, a value (the form and the stored file, or the id of a finished
// resumable upload to take). A `convert` job is queued, and the call waits for the job's end through
// its job record (the one job waiter), then hands back the stored result (or, when the client
// follows jobs and the wait runs out, the job). A visitor who leaves once the job is queued does
// not stop it (see accept).
import type { Readable } from 'node:stream';
import type { ConverterKind } from '@grabbit/catalog';
import type { ConversionJob, ConvertForm, ErrorCode } from '@grabbit/contracts';
import type { Config } from '../config/env';
import { AppError } from '../core/app-error';
import type { JobOrigin, JobRecords } from '../jobs/job-records';
import { deleteOwnedResult } from '../jobs/owned-results';
import type { JobQueue } from '../jobs/runner';
import { waitForJob, type JobWait } from '../jobs/wait-for-job';
import type { EventBus } from '../realtime/event-bus';
import type { ResultStore, StoredResult } from '../storage/result-store';
import { formCheck, resultInfo } from './conversion-answer';
import { conversionFailure } from './conversion-errors';
import type { ConversionInputs, PendingInput } from './conversion-inputs';
import { syncOrJob, uploadLimit } from './conversion-job-setup';
import {
  conversionRecord,
  publicJob,
  type ConversionDetail,
  type ConversionRecord,
} from './conversion-record';
import { fileTooLarge, type SizeLimit } from '../uploads/upload-size';
import { finishedUpload, type ResumableUploads } from '../uploads/resumable-uploads';
import type { ReceivedUpload } from './upload-target';

export interface ConverterDeps {
  config: Config;
  bus: EventBus;
  records: JobRecords;
  inputs: ConversionInputs;
  results: ResultStore;
  queue: JobQueue;
  /** Resumable uploads (tus) that a conversion may take over by id. */
  resumable: ResumableUploads;
}

/**
 * A conversion opened for a request, before its upload arrives: its record is written (while
 * Redis is away the visitor gets 503 before sending the whole file) and the place its file goes
 * (where its job reads it) is ready. The edge streams the file into `target()` under `limit`,
 * checks the form with `checkForm` as soon as its fields are read, and reports how far it got.
 */
export interface Intake {
  readonly conversionId: string;
  /** The conversion's job record as it was started (queued). */
  readonly record: ConversionRecord;
  readonly kind: ConverterKind;
  /** The largest file of the kind: enforced while the file streams. */
  readonly limit: SizeLimit;
  /** Where the upload is stored for its job. */
  readonly input: PendingInput;
  /** Refuses an output no page of the kind offers, and starts upload progress. */
  checkForm(form: ConvertForm): void;
  /** Upload progress, in percent (the form's ProgressId names whom to tell). */
  report(percent: number): void;
}

export type Accepted = { file: StoredResult; body: Readable } | { job: ConversionJob };

export class ConverterService {
  constructor(private readonly deps: ConverterDeps) {}

  /** The largest upload of a kind (the pages' own limit, under the operator's cap). */
  uploadLimit(kind: ConverterKind): SizeLimit {
    return uploadLimit(kind, this.deps.config.CONVERT_MAX_UPLOAD_BYTES);
  }

  /** The largest resumable upload: the largest upload of any kind (checked again per kind). */
  resumableLimit(): SizeLimit {
    const limits = (['image', 'audio', 'video'] as const).map((kind) => this.uploadLimit(kind));
    return limits.reduce((largest, limit) => (limit.bytes > largest.bytes ? limit : largest));
  }

  /** A conversion's public job; an unknown one is TASK_NOT_FOUND. */
  async job(jobId: string): Promise<ConversionJob> {
    const record = await conversionRecord(this.deps.records, jobId);
    if (!record) throw new AppError('TASK_NOT_FOUND', 'This conversion is not known (it may have expired).');
    return publicJob(record);
  }

  /**
   * A conversion's result by its id (a conversion's only: its path spends the larger job-read
   * budget, which must not become a second way to every download); a gone one is FILE_EXPIRED.
   */
  async resultFile(fileId: string): Promise<StoredResult> {
    const record = await this.deps.records.recordOfResult(fileId);
    const file = record?.kind === 'conversion' ? await this.deps.results.open(fileId) : undefined;
    if (!file) throw new AppError('FILE_EXPIRED', 'Failed to download file. The file may have expired.');
    return file;
  }

  /** A conversion's file went out whole: it stops waiting for its owner. */
  async collectResult(fileId: string): Promise<void> {
    await this.deps.records.collectResult(fileId);
  }

  /** Deletes a conversion's file for its owner (FILE_EXPIRED when not theirs or gone). */
  deleteResult(fileId: string, clientId: string): Promise<void> {
    return deleteOwnedResult(this.deps.records, this.deps.results, {
      fileId,
      clientId,
      kinds: ['conversion'],
    });
  }

  /** Opens a conversion of `kind` for an upload about to arrive (see Intake), in `origin`'s slot. */
  async open(kind: ConverterKind, origin: JobOrigin): Promise<Intake> {
    const { records } = this.deps;
    // The record first: while Redis is away the visitor gets 503 before sending the whole file.
    // Its result goes out in this request's answer, unless it ends up followed as a job.
    const record = await records.start<ConversionDetail>(origin, 'conversion', {}, { pickup: 'request' });
    const pending = await this.deps.inputs.create().catch(async (error: unknown) => {
      await records.delete(record.id).catch(() => undefined);
      throw error;
    });
    const form = formCheck(kind, this.deps.bus);
    return {
      conversionId: record.id,
      record,
      kind,
      limit: this.uploadLimit(kind),
      input: pending,
      checkForm: form.onForm,
      report: (percent) => form.report('uploading', percent),
    };
  }

  /** Drops an opened conversion whose upload never arrived whole: its record and stored bytes. */
  async discard(intake: Intake): Promise<void> {
    await intake.input.dispose().catch(() => undefined);
    await this.deps.records.delete(intake.conversionId).catch(() => undefined);
  }

  /**
   * Converts what the edge received for an opened conversion (the file it stored, or the id of the
   * client's finished resumable upload) and answers the result or, when `followsJobs` and the
   * wait (`waitMs`) runs out, the job. The conversion's record holds the client's running-job slot until it
   * ends. `left` aborts when the visitor goes away before the answer: before the job is queued that
   * drops the upload and the conversion; once queued, the job goes on, keeps its slot, and its
   * owner collects it by its id (GET /api/convert/jobs/{id}), so a page can re-attach to its
   * conversions after a reload and leaving never frees a slot while work still runs.
   */
  async accept(
    intake: Intake,
    upload: ReceivedUpload,
    options: { followsJobs: boolean; waitMs: number; left: AbortSignal; clientId: string },
  ): Promise<Accepted> {
    const { records, queue } = this.deps;
    const { conversionId, kind, input: pending } = intake;
    let queued = false;
    let wait: JobWait<ConversionDetail> | undefined;
    const onLeave = () => {
      if (!queued) void this.discard(intake);
      // The wait for the end lets go (its answer has nobody to go to); the job goes on.
      wait?.stop();
    };
    options.left.addEventListener('abort', onLeave, { once: true });
    try {
      const input =
        'uploadId' in upload
          ? await this.adopt(upload.uploadId, options.clientId, intake.limit, pending)
          : upload.file;
      const extension = upload.form.OutputFormat;
      wait = waitForJob<ConversionDetail>(records, this.deps.bus, conversionId);
      await queue.submit({
        name: 'convert',
        id: conversionId,
        data: {
          conversionId,
          kind,
          input: await pending.input(),
          bytes: input.bytes,
          outputExtension: extension,
          options: upload.form,
          ...(upload.form.ProgressId ? { progressId: upload.form.ProgressId } : {}),
          ...resultInfo(input.originalName, extension),
        },
      });
      queued = true;
      // Wrapped, so an end without a record (expired, or the visitor left) is not a job.
      const ended = options.left.aborted
        ? undefined
        : await syncOrJob(
            options.followsJobs,
            options.waitMs,
            wait.done.then((done) => ({ record: done })),
          );
      options.left.removeEventListener('abort', onLeave);
      if (ended === undefined || options.left.aborted) {
        wait.stop();
        // Followed as a job from here: the job has its own copy of the upload's bytes.
        if ('uploadId' in upload) await this.forgetUpload(upload.uploadId);
        // Followed as a job (202, or its visitor left): its result waits for its owner.
        await records.leaveForOwner(conversionId);
        return { job: publicJob((await conversionRecord(records, conversionId)) ?? intake.record) };
      }
      // Answered in this call: nobody asks for the record again.
      if (ended.record) void records.delete(conversionId).catch(() => undefined);
      const file = await this.openResult(ended.record);
      // Converted: the resumable upload has done its part (refused, it stays for another try).
      if ('uploadId' in upload) await this.forgetUpload(upload.uploadId);
      const body = file.createReadStream();
      // Answered in full or not at all: a result answered in the request is not kept.
      body.once('close', () => void this.deps.results.delete(file.meta.fileId).catch(() => undefined));
      return { file, body };
    } catch (error) {
      wait?.stop();
      if (!queued) await this.discard(intake);
      throw conversionFailure(error);
    }
  }

  /**
   * Takes the client's finished resumable upload as the pending input, under the kind's size
   * limit. The upload itself stays until its conversion succeeds: a refused one can be tried again.
   */
  private async adopt(
    uploadId: string,
    clientId: string,
    limit: SizeLimit,
    pending: PendingInput,
  ): Promise<{ bytes: number; originalName: string }> {
    const upload = await finishedUpload(this.deps.resumable, uploadId, clientId);
    if (upload.size > limit.bytes) throw fileTooLarge(limit.text);
    await pending.adopt(upload.source);
    return { bytes: upload.size, originalName: upload.fileName };
  }

  private async forgetUpload(uploadId: string): Promise<void> {
    await this.deps.resumable.forget(uploadId).catch(() => undefined);
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
