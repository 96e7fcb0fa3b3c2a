// One upload's conversion in embedded mode: the upload streams into a workspace of this process,
// the conversion runs in its pool, and the file is answered (or, with `Prefer: respond-async` past
// the wait, 202 and a job). The workspace is removed after the answer, after a failure and when
// the visitor leaves mid-way (which also stops the engines).
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { ConverterKind } from '@grabbit/catalog';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config/env';
import type { EventBus } from '../realtime/event-bus';
import type { ConversionService } from './conversion';
import { formCheck, resultInfo, sendConvertedFile } from './conversion-answer';
import { failedAcceptance } from './conversion-failure';
import { syncOrJob, uploadLimit } from './conversion-job-setup';
import type { ConversionJobs } from './conversion-jobs';
import { fileTarget, receiveUpload } from './upload';
import { createWorkspace } from './workspace';

export interface AcceptConversionDeps {
  config: Config;
  bus: EventBus;
  service: ConversionService;
  jobs: ConversionJobs;
}

export function acceptConversion(deps: AcceptConversionDeps, kind: ConverterKind) {
  const { config } = deps;
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const workspace = await createWorkspace(config.DATA_DIR);
    const abort = new AbortController();
    let continuedAsJob = false;
    reply.raw.once('close', () => {
      // A job outlives its request; otherwise a close before the answer finished means the
      // visitor left: stop the engines.
      if (continuedAsJob) return;
      if (!reply.raw.writableFinished) abort.abort();
      void workspace.dispose();
    });
    const limit = uploadLimit(kind, config.CONVERT_MAX_UPLOAD_BYTES);
    const form = formCheck(kind, deps.bus);
    try {
      const upload = await receiveUpload(request, {
        limit,
        target: () => fileTarget(workspace.inputPath),
        onForm: form.onForm,
        onPercent: (percent) => form.report('uploading', percent),
        stallMs: config.UPLOAD_STALL_SECONDS * 1000,
      });
      const extension = upload.form.OutputFormat;
      const info = resultInfo(upload.originalName, extension);
      const work = deps.service.convert({
        kind,
        workDir: workspace.dir,
        inputPath: workspace.inputPath,
        bytes: upload.bytes,
        head: upload.head,
        outputExtension: extension,
        report: form.report,
        signal: abort.signal,
        options: upload.form,
      });
      const outputPath = await syncOrJob(request, config, work);
      if (outputPath === undefined) {
        continuedAsJob = true;
        const job = await deps.jobs.adopt(work, { ...info, dispose: workspace.dispose });
        return reply.code(202).header('cache-control', 'no-store').send(job);
      }
      const { size } = await stat(outputPath);
      // 1 MB reads: a few large socket writes rather than one per 64 KB.
      const body = createReadStream(outputPath, { highWaterMark: 1024 * 1024 });
      body.once('close', () => void workspace.dispose());
      return sendConvertedFile(reply, { body, size, ...info });
    } catch (error) {
      await workspace.dispose();
      throw failedAcceptance(request, reply, error, limit);
    }
  };
}
