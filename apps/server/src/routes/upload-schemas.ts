// What the resumable-upload routes (uploads.ts) declare for the API document. Their requests and
// answers are tus 1.0's (headers, bodies of raw bytes, empty answers), so headers are described, not
// validated here: the routes check them and answer as the protocol says (412 with Tus-Version for
// another or no Tus-Resumable, 415 for a chunk of another media type, 409 for a wrong Upload-Offset,
// 410 past Upload-Expires), every refusal in the site's JSON error shape.
import { convertEndpoints, maxChunkBytes, uploadIdPattern, type ErrorCode } from '@grabbit/contracts';
import type { FastifySchema } from 'fastify';
import { z } from 'zod';
import type { Headers } from '../openapi/answer-headers';
import { conversionBatchQuery } from './convert-schemas';

const params = z.object({
  uploadId: z.string().regex(uploadIdPattern).describe('The last part of the Location of the upload'),
});

const tusHeaders = 'Every request but OPTIONS sends `Tus-Resumable: 1.0.0` (else 412 with `Tus-Version`).';
const chunkMb = maxChunkBytes / 1024 ** 2;
const digits = '^[0-9]+$';

const header = (description: string, pattern?: string) => ({
  type: 'string' as const,
  description,
  ...(pattern ? { pattern } : {}),
});

const tusResumable: Headers = { 'Tus-Resumable': header('The protocol version: `1.0.0`') };
const offset: Headers = { 'Upload-Offset': header('Bytes of the upload stored so far', digits) };
const expires: Headers = {
  'Upload-Expires': header('When the upload is removed unless converted (HTTP date)'),
};

/**
 * A request's tus headers as parameters of the document, so generated clients can send them. All
 * optional to the validator: the routes answer a missing or wrong one as tus says (412, 409, 400).
 */
const requestHeader = (description: string) => z.string().optional().meta({ description });
const tusResumableParameter = requestHeader('`1.0.0` (required by tus on every request but OPTIONS)');
const requestHeaders = {
  create: z.looseObject({
    'tus-resumable': tusResumableParameter,
    'upload-length': requestHeader("The file's whole size in bytes (at least 1)"),
    'upload-metadata': requestHeader(
      'tus metadata: comma-separated `key base64value` pairs; `filename` names the converted file',
    ),
  }),
  chunk: z.looseObject({
    'tus-resumable': tusResumableParameter,
    'upload-offset': requestHeader('Where this chunk starts: the offset the server has (HEAD tells it)'),
  }),
  plain: z.looseObject({ 'tus-resumable': tusResumableParameter }),
  override: z.looseObject({
    'tus-resumable': tusResumableParameter,
    'upload-offset': requestHeader('For an overridden PATCH: where the chunk starts'),
    'x-http-method-override': requestHeader('PATCH, HEAD or DELETE'),
  }),
};

/** tus headers any answer on these paths may carry, refusals included. */
const tusEvery: Headers = {
  ...tusResumable,
  'Tus-Version': header('Protocol versions the server speaks'),
  'Tus-Extension': header('tus extensions the server supports'),
  'Tus-Max-Size': header('The largest upload in bytes', digits),
};

/** Refusals of any tus request on an upload: another protocol version, or an upload not (or no longer) there. */
const tusErrors: ErrorCode[] = ['TUS_VERSION_UNSUPPORTED', 'UPLOAD_NOT_FOUND', 'UPLOAD_EXPIRED'];
const chunkErrors: ErrorCode[] = [
  'CHUNK_TOO_LARGE',
  'CHUNK_LENGTH_REQUIRED',
  'UPLOAD_STALLED',
  'UNSUPPORTED_CONTENT_TYPE',
  'UPLOAD_OFFSET_MISMATCH',
  'UPLOAD_IN_USE',
  'VALIDATION_FAILED',
  'DISK_FULL',
];

export function uploadRouteSchemas(): Record<
  'create' | 'offset' | 'append' | 'terminate' | 'discover' | 'override',
  FastifySchema
> {
  const tags = ['conversions'];
  return {
    create: {
      summary: 'Create a resumable upload (tus creation)',
      description:
        `${tusHeaders} \`Upload-Length\` is the file's size (at least 1 byte, else 400 \`UPLOAD_EMPTY\`; ` +
        "at most the converter's largest limit), " +
        "`Upload-Metadata` may carry `filename` (used for the converted file's name). Answers 201 with " +
        "`Location` (the upload's URL) and `Upload-Expires` (UPLOAD_TTL_HOURS after creation; once the " +
        'last byte is in, UPLOAD_FINISHED_TTL_SECONDS from then at most). Until converted, removed or ' +
        "expired it counts toward the client's open uploads, finished or not. The upload " +
        `belongs to this client: convert it with \`UploadId\` on POST ${convertEndpoints.video} (or the ` +
        'image and audio endpoints) once finished.',
      tags,
      headers: requestHeaders.create,
      querystring: conversionBatchQuery,
      answerHeaders: { every: tusEvery },
      rawBody: {
        mediaType: 'application/offset+octet-stream',
        required: false,
        description: 'Optionally the first chunk (tus creation-with-upload)',
      },
      errors: [
        'TUS_VERSION_UNSUPPORTED',
        'VALIDATION_FAILED',
        'UPLOAD_EMPTY',
        'FILE_TOO_LARGE',
        'UPLOADS_OPEN_LIMIT',
        'DISK_FULL',
      ],
      plainAnswers: {
        201: {
          description: 'Created; Location names the upload',
          headers: {
            Location: header("The upload's URL (a path)"),
            ...tusResumable,
            ...offset,
            ...expires,
          },
        },
      },
    },
    offset: {
      summary: 'How much of a resumable upload has arrived (tus HEAD)',
      description: `${tusHeaders} Answers \`Upload-Offset\` and \`Upload-Length\`: resume from that byte.`,
      tags,
      headers: requestHeaders.plain,
      answerHeaders: { every: tusEvery },
      params,
      errors: tusErrors,
      plainAnswers: {
        200: {
          description: 'Upload-Offset and Upload-Length say how far the upload is',
          headers: {
            ...tusResumable,
            ...offset,
            'Upload-Length': header("The upload's whole size", digits),
            'Upload-Metadata': header('The metadata the client sent at creation'),
            ...expires,
          },
        },
      },
    },
    append: {
      summary: 'Append a chunk to a resumable upload (tus PATCH)',
      description:
        `${tusHeaders} Body: \`application/offset+octet-stream\`, at most ${chunkMb} MB with its ` +
        '`Content-Length`, starting at `Upload-Offset` (the current offset, else 409 with the current ' +
        '`Upload-Offset`; 409 `UPLOAD_IN_USE` too while another chunk of it is written). Answers 204 with ' +
        'the new `Upload-Offset`. HEAD on the same URL answers `Upload-Offset` and `Upload-Length`: ' +
        'after a dropped connection, resume from that byte. Each call counts against the per-minute API budget.',
      tags,
      headers: requestHeaders.chunk,
      answerHeaders: { every: { ...tusEvery, ...offset } },
      params,
      rawBody: {
        mediaType: 'application/offset+octet-stream',
        required: true,
        description: `One chunk, at most ${chunkMb} MB`,
      },
      errors: [...tusErrors, ...chunkErrors],
      plainAnswers: {
        204: {
          description: 'Stored; Upload-Offset is the new offset',
          headers: { ...tusResumable, ...offset, ...expires },
        },
      },
    },
    terminate: {
      summary: 'Remove a resumable upload (tus termination)',
      description: `${tusHeaders} Its owner may remove it even once expired.`,
      tags,
      headers: requestHeaders.plain,
      answerHeaders: { every: tusEvery },
      params,
      errors: tusErrors,
      plainAnswers: { 204: { description: 'Removed', headers: tusResumable } },
    },
    discover: {
      summary: 'What this server speaks of tus (OPTIONS)',
      description:
        'Answers 204 with `Tus-Version`, `Tus-Extension` (creation, expiration, termination) and ' +
        '`Tus-Max-Size` (the largest upload, in bytes). Needs no `Tus-Resumable`.',
      tags,
      answerHeaders: { every: tusEvery },
      plainAnswers: { 204: { description: 'The protocol headers', headers: tusEvery } },
    },
    override: {
      summary: 'PATCH, HEAD or DELETE sent as POST (tus method override)',
      description:
        `${tusHeaders} For clients that can only send GET and POST: \`X-HTTP-Method-Override\` names ` +
        'the method (PATCH, HEAD or DELETE), answered as that method would be.',
      tags,
      headers: requestHeaders.override,
      answerHeaders: { every: { ...tusEvery, ...offset } },
      params,
      rawBody: {
        mediaType: 'application/offset+octet-stream',
        required: false,
        description: `With PATCH: one chunk, at most ${chunkMb} MB`,
      },
      errors: [...tusErrors, ...chunkErrors],
      plainAnswers: {
        200: {
          description: 'As HEAD: Upload-Offset and Upload-Length',
          headers: {
            ...tusResumable,
            ...offset,
            'Upload-Length': header("The upload's whole size", digits),
            ...expires,
          },
        },
        204: {
          description: 'As PATCH (the new Upload-Offset) or DELETE',
          headers: { ...tusResumable, ...offset, ...expires },
        },
      },
    },
  };
}
