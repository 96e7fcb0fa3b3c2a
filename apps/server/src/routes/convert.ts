// POST /api/convert/image | audio-general | video: multipart OutputFormat, Quality, optional
// ProgressId and options (contracts convert-options.ts), InputFile, in any order; or UploadId (a
// finished resumable upload of the same client, routes/uploads.ts) instead of InputFile. Answers the
// converted file (or, with `Prefer: respond-async` past the wait, 202 and a job; `wait=0` answers
// the job as soon as it is queued, http/prefer.ts), or JSON
// { error, Error, code } with a 4xx status for bad input. The route opens a conversion, reads the
// request into a value (the form, and the stored file or the upload id) and hands it to the
// converter service (convert/converter-service.ts), which does the rest in either mode.
import multipart from '@fastify/multipart';
import type { ConverterKind } from '@grabbit/catalog';
import { convertEndpoints } from '@grabbit/contracts';
import { create as contentDisposition } from 'content-disposition';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config/env';
import { AppError } from '../core/app-error';
import { conversionFailure } from '../convert/conversion-errors';
import type { ConverterService } from '../convert/converter-service';
import { discardRequestBody } from '../http/discard-request-body';
import { parsePrefer, waitMsFor } from '../http/prefer';
import { convertJobRoutes } from './convert-jobs';
import { convertRouteSchema } from './convert-schemas';
import { receiveUpload } from './convert-upload';
import { jobOrigin, startsJob } from '../security/job-gate';

/** Read and thrown away after an early answer at least this much (see discard-request-body.ts). */
const discardFloor = 64 * 1024 ** 2;

function convertHandler(converter: ConverterService, config: Config, kind: ConverterKind) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const left = new AbortController();
    // A close before the answer finished means the visitor left (a queued job outlives its request).
    reply.raw.once('close', () => {
      if (!reply.raw.writableFinished) left.abort();
    });
    try {
      const intake = await converter.open(kind, jobOrigin(request));
      // The request read into a value: the form, and the stored file or a resumable upload's id.
      const upload = await receiveUpload(request, intake, config.UPLOAD_STALL_SECONDS * 1000).catch(
        async (error: unknown) => {
          await converter.discard(intake);
          throw error;
        },
      );
      const preference = parsePrefer(request.headers.prefer);
      const accepted = await converter.accept(intake, upload, {
        followsJobs: preference.respondAsync,
        waitMs: waitMsFor(preference, config.CONVERT_SYNC_WAIT_SECONDS * 1000),
        left: left.signal,
        clientId: request.clientId,
      });
      if ('job' in accepted) return reply.code(202).header('cache-control', 'no-store').send(accepted.job);
      const { meta } = accepted.file;
      return reply
        .header('content-type', meta.contentType)
        .header('content-length', accepted.file.size)
        .header('content-disposition', contentDisposition(meta.fileName))
        .header('cache-control', 'no-store')
        .send(accepted.body);
    } catch (error) {
      if (!(error instanceof AppError)) request.log.warn({ err: error }, 'conversion failed');
      // An early answer: the rest of the upload may still be arriving (see discard-request-body.ts).
      discardRequestBody(request.raw, reply.raw, Math.max(converter.uploadLimit(kind).bytes, discardFloor));
      throw conversionFailure(error);
    }
  };
}

export function convertRoutes(converter: ConverterService, config: Config) {
  return async function register(app: FastifyInstance): Promise<void> {
    await app.register(multipart, { throwFileSizeLimit: true });
    await app.register(convertJobRoutes(converter));
    const route = (kind: ConverterKind) => ({
      schema: convertRouteSchema(kind),
      // The files of one press of Convert name their batch: one job start for all of them.
      config: startsJob('convert', 'job', { batched: true }),
    });
    app.post(convertEndpoints.image, route('image'), convertHandler(converter, config, 'image'));
    app.post(convertEndpoints.audio, route('audio'), convertHandler(converter, config, 'audio'));
    app.post(convertEndpoints.video, route('video'), convertHandler(converter, config, 'video'));
  };
}
