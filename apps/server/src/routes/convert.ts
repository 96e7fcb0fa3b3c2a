// POST /api/convert/image | audio-general | video (spec section 7): multipart OutputFormat,
// Quality, optional ProgressId and options (contracts convert-options.ts), InputFile, in any order.
// Answers the converted file (or, with `Prefer: respond-async` past the wait, 202 and a job), or JSON
// { error, Error, code } with a 4xx status for bad input. The workspace folder is removed after the
// answer, after a failure and when the visitor leaves mid-way.
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import multipart from '@fastify/multipart';
import { mimeByExtension, type ConverterKind } from '@grabbit/catalog';
import { convertEndpoints } from '@grabbit/contracts';
import { create as contentDisposition } from 'content-disposition';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import { AppError } from '../http/app-error';
import { ConversionService } from '../convert/conversion';
import { conversionFailure, unsupportedConversion } from '../convert/conversion-errors';
import { outputsOfKind } from '../convert/formats';
import { progressReporter, type ProgressReporter } from '../convert/progress';
import { receiveUpload } from '../convert/upload';
import { createWorkspace } from '../convert/workspace';
import { discardRequestBody } from '../http/discard-request-body';
import { conversionJobSetup, syncOrJob, uploadLimit } from '../convert/conversion-job-setup';
import { convertJobRoutes } from './convert-jobs';
import { convertRouteSchema } from './convert-schemas';

/** The visitor's base name plus the output extension; control characters and empty names fixed. */
export function downloadName(originalName: string, extension: string): string {
  const base = path
    .parse(path.basename(originalName || ''))
    .name.replace(/[\p{Cc}/\\]/gu, '')
    .trim();
  return `${base || 'converted'}.${extension}`;
}

/** Read and thrown away after an early answer at least this much (see discard-request-body.ts). */
const discardFloor = 64 * 1024 ** 2;

export function convertRoutes(context: AppContext) {
  return async function register(app: FastifyInstance): Promise<void> {
    await app.register(multipart, { throwFileSizeLimit: true });
    const service = new ConversionService(context.config);
    const { results, jobs } = conversionJobSetup(context, app.log);
    await app.register(convertJobRoutes(jobs, results));

    const handle = (kind: ConverterKind) => async (request: FastifyRequest, reply: FastifyReply) => {
      const workspace = await createWorkspace(context.config.DATA_DIR);
      const abort = new AbortController();
      let continuedAsJob = false;
      reply.raw.once('close', () => {
        // A job outlives its request; otherwise a close before the answer finished means the
        // visitor left: stop the engines.
        if (continuedAsJob) return;
        if (!reply.raw.writableFinished) abort.abort();
        void workspace.dispose();
      });
      const limit = uploadLimit(kind, context.config.CONVERT_MAX_UPLOAD_BYTES);
      let report: ProgressReporter = () => undefined;
      try {
        const upload = await receiveUpload(request, {
          limit,
          inputPath: workspace.inputPath,
          onForm: (form) => {
            if (!outputsOfKind(kind).has(form.OutputFormat))
              throw unsupportedConversion(kind, form.OutputFormat);
            report = progressReporter(context.bus, form.ProgressId);
            report('uploading', 0);
          },
          onPercent: (percent) => report('uploading', percent),
          stallMs: context.config.UPLOAD_STALL_SECONDS * 1000,
        });
        const extension = upload.form.OutputFormat;
        const contentType = mimeByExtension[extension] ?? 'application/octet-stream';
        const fileName = downloadName(upload.originalName, extension);
        const work = service.convert({
          kind,
          workDir: workspace.dir,
          inputPath: workspace.inputPath,
          bytes: upload.bytes,
          head: upload.head,
          outputExtension: extension,
          report,
          signal: abort.signal,
          options: upload.form,
        });
        const outputPath = await syncOrJob(request, context.config, work);
        if (outputPath === undefined) {
          continuedAsJob = true;
          const job = jobs.adopt(work, { fileName, contentType, dispose: workspace.dispose });
          return reply.code(202).header('cache-control', 'no-store').send(job);
        }
        const { size } = await stat(outputPath);
        // 1 MB reads: a few large socket writes rather than one per 64 KB.
        const body = createReadStream(outputPath, { highWaterMark: 1024 * 1024 });
        body.once('close', () => void workspace.dispose());
        return reply
          .header('content-type', contentType)
          .header('content-length', size)
          .header('content-disposition', contentDisposition(fileName))
          .header('cache-control', 'no-store')
          .send(body);
      } catch (error) {
        await workspace.dispose();
        const failure = conversionFailure(error);
        if (!(error instanceof AppError)) request.log.warn({ err: error }, 'conversion failed');
        // An early answer: the rest of the upload may still be arriving (see discard-request-body.ts).
        discardRequestBody(request.raw, reply.raw, Math.max(limit.bytes, discardFloor));
        throw failure;
      }
    };

    app.post(convertEndpoints.image, { schema: convertRouteSchema('image') }, handle('image'));
    app.post(convertEndpoints.audio, { schema: convertRouteSchema('audio') }, handle('audio'));
    app.post(convertEndpoints.video, { schema: convertRouteSchema('video') }, handle('video'));
  };
}
