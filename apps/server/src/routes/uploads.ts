// /api/uploads/: resumable uploads on tus 1.0 (core, creation, expiration, termination; method
// override for clients behind limited proxies). POST creates an upload (a job-like start: the
// converter's budget and size limit, and the client's bounds on open uploads); HEAD tells its
// offset; PATCH appends one chunk (never over maxChunkBytes, Content-Length given); DELETE removes
// it; OPTIONS tells what this server speaks. Every call acts on the id its route matched, for the
// client that created the upload; to anyone else it does not exist (UPLOAD_NOT_FOUND). The rules
// are the upload service's (uploads/resumable-upload-service.ts); here is only the protocol.
import { apiPath, apiRoutes, maxChunkBytes } from '@grabbit/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../core/app-error';
import type { ResumableUploadService } from '../uploads/resumable-upload-service';
import { clientMetadata } from '../uploads/resumable-uploads';
import { discardRequestBody } from '../http/discard-request-body';
import {
  addTusAnswerHeaders,
  byteCountHeader,
  checkChunkType,
  checkTusVersion,
  metadataHeader,
  overriddenMethod,
  tusExtensions,
  tusVersion,
  uploadMetadata,
} from '../http/tus-protocol';
import { startsJob } from '../security/job-gate';
import { UploadConflict } from '../uploads/upload-conflict';
import { uploadRouteSchemas } from './upload-schemas';

type Handler = (request: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply>;

/** The chunk's length: given, and at most maxChunkBytes (refused before a byte is read). */
function chunkLength(request: FastifyRequest): number {
  const length = request.headers['content-length'];
  if (length === undefined && request.headers['transfer-encoding'] !== undefined)
    throw new AppError('CHUNK_LENGTH_REQUIRED', 'Send each chunk with its Content-Length.');
  const bytes = Number(length ?? 0);
  if (bytes > maxChunkBytes)
    throw new AppError(
      'CHUNK_TOO_LARGE',
      `A chunk may carry at most ${maxChunkBytes / 1024 ** 2} MB: send the upload in smaller chunks.`,
    );
  return bytes;
}

const uploadIdOf = (request: FastifyRequest) => (request.params as { uploadId: string }).uploadId;

export function uploadRoutes(service: ResumableUploadService) {
  return async function register(app: FastifyInstance): Promise<void> {
    // The bodies are chunks for the store, read as they arrive: no parser touches them.
    app.removeAllContentTypeParsers();
    app.addContentTypeParser('*', (_request, _payload, done) => done(null));
    addTusAnswerHeaders(app);

    /**
     * A tus request: its version checked first. A body left unread (an early refusal, a chunk
     * stopped for a newer one, a body on a request that takes none) is still read away.
     */
    const tus =
      (handler: Handler): Handler =>
      async (request, reply) => {
        try {
          checkTusVersion(request);
          return await handler(request, reply);
        } catch (error) {
          // A conflict says where the upload stands: the client resumes from there.
          if (error instanceof UploadConflict) void reply.header('upload-offset', String(error.offset));
          throw error;
        } finally {
          discardRequestBody(request.raw, reply.raw, maxChunkBytes);
        }
      };

    const discover: Handler = async (_request, reply) =>
      reply
        .code(204)
        .header('tus-version', tusVersion)
        .header('tus-extension', tusExtensions.join(','))
        .header('tus-max-size', String(service.maxSize()))
        .send();

    const create: Handler = async (request, reply) => {
      const length = byteCountHeader(request, 'upload-length');
      const { id, expiresAt } = await service.create(request.clientId, length, uploadMetadata(request));
      return reply
        .code(201)
        .header('location', apiPath(apiRoutes.upload, { uploadId: id }))
        .header('upload-expires', expiresAt.toUTCString())
        .send();
    };

    const head: Handler = async (request, reply) => {
      const { upload, expiresAt } = await service.status(uploadIdOf(request), request.clientId);
      const metadata = metadataHeader(clientMetadata(upload));
      if (metadata !== undefined) void reply.header('upload-metadata', metadata);
      return reply
        .code(200)
        .header('cache-control', 'no-store')
        .header('upload-offset', String(upload.offset))
        .header('upload-length', String(upload.size))
        .header('upload-expires', expiresAt.toUTCString())
        .send();
    };

    const append: Handler = async (request, reply) => {
      checkChunkType(request);
      const bytes = chunkLength(request);
      const offset = byteCountHeader(request, 'upload-offset');
      const { upload, expiresAt } = await service.append(uploadIdOf(request), request.clientId, {
        offset,
        bytes,
        body: request.raw,
      });
      return reply
        .code(204)
        .header('upload-offset', String(upload.offset))
        .header('upload-expires', expiresAt.toUTCString())
        .send();
    };

    const terminate: Handler = async (request, reply) => {
      await service.remove(uploadIdOf(request), request.clientId);
      return reply.code(204).send();
    };

    const overridden: Record<'PATCH' | 'DELETE' | 'HEAD', Handler> = {
      PATCH: append,
      DELETE: terminate,
      HEAD: head,
    };
    /** POST to an upload stands for the method X-HTTP-Method-Override names. */
    const override: Handler = async (request, reply) => {
      const method = overriddenMethod(request);
      if (!method)
        throw new AppError(
          'VALIDATION_FAILED',
          'A POST to an upload names its method in X-HTTP-Method-Override.',
        );
      return overridden[method](request, reply);
    };

    const schemas = uploadRouteSchemas();
    app.options(apiRoutes.uploads, { schema: schemas.discover }, discover);
    app.options(
      apiRoutes.upload,
      { schema: { ...schemas.discover, params: schemas.offset.params } },
      discover,
    );
    // A creation names its press of Convert like the conversion it feeds: one job start for both.
    app.post(
      apiRoutes.uploads,
      { schema: schemas.create, config: startsJob('convert', 'job', { batched: true }) },
      tus(create),
    );
    app.head(apiRoutes.upload, { schema: schemas.offset }, tus(head));
    app.patch(apiRoutes.upload, { schema: schemas.append }, tus(append));
    app.delete(apiRoutes.upload, { schema: schemas.terminate }, tus(terminate));
    app.post(apiRoutes.upload, { schema: schemas.override }, tus(override));
  };
}
