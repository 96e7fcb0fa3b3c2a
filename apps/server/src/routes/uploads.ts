// /api/uploads/: resumable uploads on tus 1.0 (core, creation, termination, expiration), served by
// @tus/server inside Fastify, so the site's limits, headers and error answers apply to them as to
// any route. POST creates an upload (a job-like start: the converter's budget and size limit);
// HEAD tells its offset; PATCH appends one chunk (never over maxChunkBytes, Content-Length given);
// DELETE removes it. An upload belongs to the client that created it; to anyone else it does not
// exist (UPLOAD_NOT_FOUND). A finished upload is converted by id (routes/convert.ts, UploadId).
import { randomBytes } from 'node:crypto';
import { apiPath, apiRoutes, maxChunkBytes } from '@grabbit/contracts';
import type { Server, Upload } from '@tus/server';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ServerRequest } from 'srvx';
import { AppError } from '../core/app-error';
import { fileTooLarge } from '../convert/conversion-errors';
import type { SizeLimit } from '../convert/formats';
import { ownedUpload, ownerKey, type ResumableUploads } from '../convert/resumable-uploads';
import { discardRequestBody } from '../http/discard-request-body';
import { nodeBody, writeChunksFromNode } from '../http/tus-node-body';
import { webBody } from '../http/web-body';
import { startsJob } from '../security/job-gate';
import { uploadRouteSchemas } from './upload-schemas';

export interface UploadRoutesDeps {
  uploads: ResumableUploads;
  /** The largest upload (the converter's largest limit of any kind). */
  limit: () => SizeLimit;
}

/** The public id of a store id (the bucket's carry a prefix). */
const publicId = (storeId: string) => storeId.slice(storeId.lastIndexOf('/') + 1);

function chunkCheck(request: FastifyRequest): void {
  const length = request.headers['content-length'];
  if (length === undefined && request.headers['transfer-encoding'] !== undefined)
    throw new AppError('CHUNK_LENGTH_REQUIRED', 'Send each chunk with its Content-Length.');
  if (Number(length ?? 0) > maxChunkBytes)
    throw new AppError(
      'CHUNK_TOO_LARGE',
      `A chunk may carry at most ${maxChunkBytes / 1024 ** 2} MB: send the upload in smaller chunks.`,
    );
}

/** The tus protocol version this server speaks (the library's). */
const tusVersion = '1.0.0';

/** The library and its request adapter load with the first upload: a server at rest holds neither. */
async function tusServer(
  { uploads, limit }: UploadRoutesDeps,
  clients: WeakMap<ServerRequest, string>,
): Promise<Server> {
  const { Server } = await import('@tus/server');
  const server = new Server({
    path: apiRoutes.uploads,
    datastore: uploads.store,
    maxSize: () => limit().bytes,
    namingFunction: () => uploads.storeId(randomBytes(16).toString('hex')),
    // A path, not an address: right behind any proxy, whatever host and scheme it was reached by.
    generateUrl: (_request, { id }) => apiPath(apiRoutes.upload, { uploadId: publicId(id) }),
    getFileIdFromRequest: (_request, last) => (last ? uploads.storeId(last) : undefined),
    // CORS is the site's (security/headers.ts), not the library's.
    allowedOrigins: () => false,
    onUploadCreate: async (request, upload: Upload) => {
      const client = clients.get(request);
      if (!client) throw { status_code: 500, body: 'No client\n' };
      return { metadata: { ...upload.metadata, [ownerKey]: client } };
    },
  });
  writeChunksFromNode(server);
  return server;
}

/** The library's answer as Fastify's: its status, tus headers and short text body. */
async function sendAnswer(reply: FastifyReply, answer: Response): Promise<FastifyReply> {
  reply.code(answer.status);
  answer.headers.forEach((value, name) => {
    if (!name.startsWith('access-control-') && name !== 'content-length') reply.header(name, value);
  });
  const body = answer.body ? await answer.text() : '';
  return reply.send(body === '' ? undefined : body);
}

export function uploadRoutes(deps: UploadRoutesDeps) {
  return async function register(app: FastifyInstance): Promise<void> {
    const clients = new WeakMap<ServerRequest, string>();
    let tus: Promise<Server> | undefined;
    // The bodies are the library's to read, as they arrive (chunks go to the store as streams).
    app.addContentTypeParser('*', (_request, _payload, done) => done(null));

    const handle = async (request: FastifyRequest, reply: FastifyReply) => {
      const { NodeRequest } = await import('srvx/node');
      const forTus = new NodeRequest({ req: request.raw, res: reply.raw });
      // A chunk goes from the Node request to the store (http/tus-node-body.ts); any other body
      // without the wrapper's copy of every piece (http/web-body.ts). Either is made when read.
      const toBody = request.method === 'PATCH' ? nodeBody : webBody;
      let body: ReadableStream<Uint8Array> | undefined;
      Object.defineProperty(forTus, 'body', { get: () => (body ??= toBody(request.raw)) });
      clients.set(forTus, request.clientId);
      tus ??= tusServer(deps, clients);
      return sendAnswer(reply, await (await tus).handleWeb(forTus));
    };

    /** Checks before the library sees the request; an early refusal still reads the body away. */
    const guarded =
      (check: (request: FastifyRequest) => Promise<void> | void) =>
      async (request: FastifyRequest, reply: FastifyReply) => {
        try {
          chunkCheck(request);
          await check(request);
        } catch (error) {
          discardRequestBody(request.raw, reply.raw, maxChunkBytes);
          throw error;
        }
        return handle(request, reply);
      };

    const schemas = uploadRouteSchemas();
    app.post(
      apiRoutes.uploads,
      { schema: schemas.create, config: startsJob('convert') },
      guarded((request) => {
        const length = Number(request.headers['upload-length']);
        const limit = deps.limit();
        if (Number.isFinite(length) && length > limit.bytes) throw fileTooLarge(limit.text);
      }),
    );
    const owned = guarded(async (request) => {
      const { uploadId } = request.params as { uploadId: string };
      await ownedUpload(deps.uploads, uploadId, request.clientId);
    });
    app.head(apiRoutes.upload, { schema: schemas.offset }, owned);
    app.patch(apiRoutes.upload, { schema: schemas.append }, owned);
    // Termination through the uploads' own removal: the library's fails for a finished upload in
    // the bucket (its multipart upload is gone by then), and this one also removes its leftovers.
    app.delete(apiRoutes.upload, { schema: schemas.terminate }, async (request, reply) => {
      const { uploadId } = request.params as { uploadId: string };
      await ownedUpload(deps.uploads, uploadId, request.clientId);
      await deps.uploads.forget(uploadId);
      return reply.code(204).header('tus-resumable', tusVersion).send();
    });
  };
}
