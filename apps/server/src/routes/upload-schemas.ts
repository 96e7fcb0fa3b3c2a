// What the resumable-upload routes (uploads.ts) declare for the API document. Their requests and
// answers are tus 1.0's (headers, bodies of raw bytes), so headers are described, not validated
// here: the routes check them and answer as the protocol says (412 with Tus-Version for another
// or no Tus-Resumable, 415 for a chunk of another media type, 409 for a wrong Upload-Offset, 410
// past Upload-Expires), errors in the site's JSON error shape.
import { convertEndpoints, maxChunkBytes, uploadIdPattern } from '@grabbit/contracts';
import { z } from 'zod';
import { answers } from '../http/route-schemas';

const params = z.object({
  uploadId: z.string().regex(uploadIdPattern).describe('The last part of the Location of the upload'),
});

/** A tus answer: its headers say it all; the body is empty or a short text. */
const textAnswer = (description: string) => ({
  description,
  content: { 'text/plain': { schema: z.string() } },
});

const tusHeaders = 'Every request but OPTIONS sends `Tus-Resumable: 1.0.0` (else 412 with `Tus-Version`).';
const chunkMb = maxChunkBytes / 1024 ** 2;

export function uploadRouteSchemas() {
  const tags = ['conversions'];
  return {
    create: {
      summary: 'Create a resumable upload (tus creation)',
      description:
        `${tusHeaders} \`Upload-Length\` is the file's size (at most the converter's largest limit), ` +
        "`Upload-Metadata` may carry `filename` (used for the converted file's name). Answers 201 with " +
        "`Location` (the upload's URL) and `Upload-Expires` (UPLOAD_TTL_HOURS after creation). The upload " +
        `belongs to this client: convert it with \`UploadId\` on POST ${convertEndpoints.video} (or the ` +
        'image and audio endpoints) once finished.',
      tags,
      response: answers({ 201: textAnswer('Created; Location names the upload') }, [403, 411, 412, 413, 503]),
    },
    offset: {
      summary: 'How much of a resumable upload has arrived (tus HEAD)',
      description: `${tusHeaders} Answers \`Upload-Offset\` and \`Upload-Length\`: resume from that byte.`,
      tags,
      params,
      response: answers({ 200: textAnswer('Upload-Offset and Upload-Length headers') }, [404, 410, 412]),
    },
    append: {
      summary: 'Append a chunk to a resumable upload (tus PATCH)',
      description:
        `${tusHeaders} Body: \`application/offset+octet-stream\`, at most ${chunkMb} MB with its ` +
        '`Content-Length`, starting at `Upload-Offset` (the current offset, else 409). Answers 204 with ' +
        'the new `Upload-Offset`. HEAD on the same URL answers `Upload-Offset` and `Upload-Length`: ' +
        'after a dropped connection, resume from that byte. Each call counts against the per-minute API budget.',
      tags,
      params,
      response: answers(
        { 204: textAnswer('Stored; Upload-Offset is the new offset') },
        [404, 409, 410, 411, 412, 413, 415, 503],
      ),
    },
    terminate: {
      summary: 'Remove a resumable upload (tus termination)',
      description: tusHeaders,
      tags,
      params,
      response: answers({ 204: textAnswer('Removed') }, [404, 410, 412]),
    },
    discover: {
      summary: 'What this server speaks of tus (OPTIONS)',
      description:
        'Answers 204 with `Tus-Version`, `Tus-Extension` (creation, expiration, termination) and ' +
        '`Tus-Max-Size` (the largest upload, in bytes). Needs no `Tus-Resumable`.',
      tags,
      response: answers({ 204: textAnswer('The protocol headers') }),
    },
    override: {
      summary: 'PATCH, HEAD or DELETE sent as POST (tus method override)',
      description:
        `${tusHeaders} For clients that can only send GET and POST: \`X-HTTP-Method-Override\` names ` +
        'the method (PATCH, HEAD or DELETE), answered as that method would be.',
      tags,
      params,
      response: answers(
        { 200: textAnswer('As HEAD'), 204: textAnswer('As PATCH or DELETE') },
        [404, 409, 410, 411, 412, 413, 415, 503],
      ),
    },
  };
}
