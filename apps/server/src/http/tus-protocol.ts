// The tus 1.0 protocol at the HTTP edge: the version and extensions this server speaks, the checks
// every request gets (its protocol version, a chunk's media type, whole-number headers, metadata),
// the method a client behind a limited proxy asks for, and the headers on every tus answer.
import { apiRoutes } from '@grabbit/contracts';
import { Metadata } from '@tus/utils';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../core/app-error';

/** The only protocol version spoken here. */
export const tusVersion = '1.0.0';

/** Whether a path is one of the tus routes' (the uploads' collection or one upload). */
export function isTusPath(path: string): boolean {
  return path === apiRoutes.uploads || path.startsWith(`${apiRoutes.uploads}/`);
}

/** The extensions this server implements (no deferred length, concatenation or checksums). */
export const tusExtensions = ['creation', 'expiration', 'termination'] as const;

/** The media type of every chunk (PATCH body). */
const chunkMediaType = 'application/offset+octet-stream';

const header = (request: FastifyRequest, name: string): string | undefined => {
  const value = request.headers[name];
  return Array.isArray(value) ? value.join(',') : value;
};

/** Every request but OPTIONS names the protocol version it speaks: ours, or 412. */
export function checkTusVersion(request: FastifyRequest): void {
  const version = header(request, 'tus-resumable');
  if (version === tusVersion) return;
  throw new AppError(
    'TUS_VERSION_UNSUPPORTED',
    version === undefined
      ? `Send Tus-Resumable: ${tusVersion} with every request.`
      : `This server speaks tus ${tusVersion} only (Tus-Version), not ${version}.`,
  );
}

/** A chunk is sent as application/offset+octet-stream, or refused (415). */
export function checkChunkType(request: FastifyRequest): void {
  const type = (header(request, 'content-type') ?? '').split(';')[0]?.trim().toLowerCase();
  if (type !== chunkMediaType)
    throw new AppError('UNSUPPORTED_CONTENT_TYPE', `Send each chunk as ${chunkMediaType}.`);
}

/** A header that must be a whole number of bytes (Upload-Length, Upload-Offset). */
export function byteCountHeader(request: FastifyRequest, name: string): number {
  const value = header(request, name);
  const bytes = /^\d{1,16}$/.test(value ?? '') ? Number(value) : Number.NaN;
  if (!Number.isSafeInteger(bytes))
    throw new AppError('VALIDATION_FAILED', `${name} must be a whole number of bytes.`);
  return bytes;
}

/** The client's Upload-Metadata: comma-separated keys, each with an optional base64 value. */
export function uploadMetadata(request: FastifyRequest): Record<string, string | null> {
  const value = header(request, 'upload-metadata');
  if (value === undefined) return {};
  try {
    return Metadata.parse(value);
  } catch {
    throw new AppError('VALIDATION_FAILED', 'Upload-Metadata must be keys with base64 values.');
  }
}

/** Upload-Metadata as stored, for a HEAD answer (absent when there is none). */
export function metadataHeader(metadata: Record<string, string | null>): string | undefined {
  return Object.keys(metadata).length > 0 ? Metadata.stringify(metadata) : undefined;
}

/** The methods a client may ask for through X-HTTP-Method-Override on a POST to an upload. */
export type OverriddenMethod = 'PATCH' | 'DELETE' | 'HEAD';

export function overriddenMethod(request: FastifyRequest): OverriddenMethod | undefined {
  const method = header(request, 'x-http-method-override')?.trim().toUpperCase();
  if (method === undefined) return undefined;
  if (method === 'PATCH' || method === 'DELETE' || method === 'HEAD') return method;
  throw new AppError('VALIDATION_FAILED', 'X-HTTP-Method-Override may name PATCH, HEAD or DELETE.');
}

/**
 * Every answer on the tus routes, our own errors included, says which version it speaks; a 412
 * also names the versions the server does speak.
 */
export function addTusAnswerHeaders(app: FastifyInstance): void {
  app.addHook('onSend', async (_request, reply, payload) => {
    void reply.header('tus-resumable', tusVersion);
    if (reply.statusCode === 412) void reply.header('tus-version', tusVersion);
    return payload;
  });
}
