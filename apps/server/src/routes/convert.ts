// POST /api/convert/image | audio-general | video (spec section 7): multipart OutputFormat,
// Quality, optional ProgressId, then InputFile. Answers the converted file, or JSON
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

/** The visitor's base name plus the output extension; control characters and empty names fixed. */
export function downloadName(originalName: string, extension: string): string {
  const base = path
    .parse(path.basename(originalName || ''))
    .name.replace(/[\p{Cc}/\\]/gu, '')
    .trim();
  return `${base || 'converted'}.${extension}`;
}

export function convertRoutes(context: AppContext) {
  return async function register(app: FastifyInstance): Promise<void> {
    await app.register(multipart, { throwFileSizeLimit: true });
    const service = new ConversionService(context.config);

    const handle = (kind: ConverterKind) => async (request: FastifyRequest, reply: FastifyReply) => {
      const workspace = await createWorkspace(context.config.DATA_DIR);
      const abort = new AbortController();
      reply.raw.once('close', () => {
        // Closed before the answer finished: the visitor left, stop the engines.
        if (!reply.raw.writableFinished) abort.abort();
        void workspace.dispose();
      });
      let report: ProgressReporter = () => undefined;
      try {
        const upload = await receiveUpload(request, {
          kind,
          inputPath: workspace.inputPath,
          onForm: (form) => {
            if (!outputsOfKind(kind).has(form.OutputFormat))
              throw unsupportedConversion(kind, form.OutputFormat);
            report = progressReporter(context.bus, form.ProgressId);
            report('uploading', 0);
          },
          onPercent: (percent) => report('uploading', percent),
        });
        const extension = upload.form.OutputFormat;
        const outputPath = await service.convert({
          kind,
          workDir: workspace.dir,
          inputPath: workspace.inputPath,
          bytes: upload.bytes,
          head: upload.head,
          outputExtension: extension,
          report,
          signal: abort.signal,
        });
        const { size } = await stat(outputPath);
        // 1 MB reads: a few large socket writes rather than one per 64 KB.
        const body = createReadStream(outputPath, { highWaterMark: 1024 * 1024 });
        body.once('close', () => void workspace.dispose());
        return reply
          .header('content-type', mimeByExtension[extension] ?? 'application/octet-stream')
          .header('content-length', size)
          .header('content-disposition', contentDisposition(downloadName(upload.originalName, extension)))
          .header('cache-control', 'no-store')
          .send(body);
      } catch (error) {
        await workspace.dispose();
        const failure = conversionFailure(error);
        if (!(error instanceof AppError)) request.log.warn({ err: error }, 'conversion failed');
        // An oversized upload may still be arriving: do not keep the connection for the rest.
        if (failure.code === 'FILE_TOO_LARGE') reply.header('connection', 'close');
        throw failure;
      }
    };

    app.post(convertEndpoints.image, handle('image'));
    app.post(convertEndpoints.audio, handle('audio'));
    app.post(convertEndpoints.video, handle('video'));
  };
}
