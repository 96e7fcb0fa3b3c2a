// One route's entry in the API document: its zod schemas as JSON Schema (fastify-type-provider-zod),
// then what the wire has besides: every error answer (route-errors.ts), the response headers
// (answer-headers.ts), byte ranges and signed-link redirects of stored results, bodies of raw
// bytes and answers without a body (tus), and HEAD answers without their bodies.
import type { ErrorCode } from '@grabbit/contracts';
import type { FastifySchema } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  contentRangeHeader,
  fileHeaders,
  locationHeader,
  rateLimitHeaders,
  retryAfterHeader,
  storedFileHeaders,
  type Headers,
} from './answer-headers';
import { optionalBodyMark } from './document-paths';
import { errorAnswers, isCounted, routeErrorCodes } from './route-errors';

/** An answer documented without a JSON body: empty (with its headers), or a short text. */
export interface PlainAnswer {
  description: string;
  headers?: Headers;
  /** The body is a short text/plain message (a library's own refusal). */
  text?: boolean;
}

declare module 'fastify' {
  interface FastifySchema {
    /**
     * Documentation only: the text fields of a multipart upload (the route reads the stream
     * itself, so nothing validates a body before it), documented with the file field InputFile
     * (or, in its place, the form's UploadId).
     */
    multipartFields?: z.ZodObject;
    /** The codes the route's own handler answers with (their statuses come from the code table). */
    errors?: readonly ErrorCode[];
    /** The answer is a stored result (http/send-result.ts): byte ranges, or a signed link's redirect. */
    storedFile?: boolean;
    /** Documentation only: answers without a JSON body, by status (tus). */
    plainAnswers?: Record<number, PlainAnswer>;
    /** Documentation only: headers the route's own answers carry, by status or on `every` answer. */
    answerHeaders?: Partial<Record<number | 'every', Headers>>;
    /** Documentation only: a request body of raw bytes (a tus chunk). */
    rawBody?: { mediaType: string; required: boolean; description: string };
  }
}

type JsonSchema = Record<string, unknown>;
type Transform = Parameters<typeof jsonSchemaTransform>[0];

type Answer = {
  description: string;
  content?: Record<string, { schema: unknown }>;
  headers?: Headers;
  type?: 'null';
};

/** A multipart form's document: its text fields (from zod), then the file (or UploadId instead). */
function multipartSchema(fields: z.ZodObject): JsonSchema {
  const { $schema: _dialect, ...form } = z.toJSONSchema(fields, {
    target: 'openapi-3.0',
    io: 'input',
    unrepresentable: 'any',
  }) as { $schema?: string; properties?: JsonSchema; required?: string[] };
  return {
    type: 'object',
    required: form.required ?? [],
    properties: {
      ...form.properties,
      InputFile: {
        type: 'string',
        format: 'binary',
        description: 'The file; required unless UploadId names a finished resumable upload',
      },
    },
  };
}

/** Every answer with its body under `content` (a bare JSON Schema is a JSON body). */
function asAnswer(entry: JsonSchema): Answer {
  if ('content' in entry || entry.type === 'null') return entry as Answer;
  return {
    description: String(entry.description ?? 'OK'),
    content: { 'application/json': { schema: entry } },
  };
}

const isFile = (answer: Answer) =>
  Object.keys(answer.content ?? {}).some((mediaType) => mediaType !== 'application/json');

/** The headers each answer carries, by its status and what it holds. */
function answerHeaders(status: number, answer: Answer, limited: boolean, storedFile: boolean): Headers {
  const file = storedFile ? storedFileHeaders : fileHeaders;
  return {
    ...(limited ? rateLimitHeaders : {}),
    ...(status === 429 || status === 503 ? retryAfterHeader : {}),
    ...(status === 200 && isFile(answer) ? file : {}),
    ...(status === 206 ? { ...storedFileHeaders, ...contentRangeHeader } : {}),
    ...(status === 416 ? contentRangeHeader : {}),
    ...answer.headers,
  };
}

/** A stored result's extra answers: one byte range (206), or the bucket's signed link (302). */
function storedFileAnswers(ok: Answer | undefined): Record<number, Answer> {
  const files = Object.entries(ok?.content ?? {}).filter(([mediaType]) => mediaType !== 'application/json');
  return {
    206: { description: 'The one byte range asked for (Range)', content: Object.fromEntries(files) },
    302: {
      type: 'null',
      description: 'Where results are kept in a bucket: the file itself at a signed link',
      headers: locationHeader,
    },
  };
}

const rangeHeaders = {
  type: 'object',
  properties: {
    Range: { type: 'string', description: 'One byte range (`bytes=0-99`); several get the whole file' },
    'If-Range': {
      type: 'string',
      description:
        'The ETag (compared strongly) or Last-Modified the range is valid for; else the whole file',
    },
  },
};

/** The answers the route declares without a JSON body (tus), merged into the rest. */
function addPlainAnswers(answers: Record<string, Answer>, plainAnswers: Record<number, PlainAnswer>): void {
  for (const [status, plain] of Object.entries(plainAnswers)) {
    const current = answers[status];
    const merged: Answer = plain.text
      ? {
          ...current,
          description: current?.description ?? plain.description,
          content: { ...current?.content, 'text/plain': { schema: { type: 'string' } } },
        }
      : { type: 'null', description: plain.description };
    answers[status] = { ...merged, headers: { ...current?.headers, ...plain.headers } };
  }
}

/** A body the route reads itself: a multipart form, or raw bytes (a tus chunk). */
function requestBody(schema: FastifySchema): JsonSchema {
  const { multipartFields, rawBody } = schema;
  if (multipartFields) return { body: multipartSchema(multipartFields), consumes: ['multipart/form-data'] };
  if (!rawBody) return {};
  return {
    body: { type: 'string', format: 'binary', description: rawBody.description },
    consumes: [rawBody.mediaType],
    // @fastify/swagger marks every body required; document-paths.ts reads this mark.
    ...(rawBody.required ? {} : { [optionalBodyMark]: true }),
  };
}

/** A call that starts work takes an Idempotency-Key (security/idempotency.ts). */
function withIdempotencyKey(headers: JsonSchema | undefined): JsonSchema {
  const properties = (headers?.properties ?? {}) as JsonSchema;
  return {
    ...headers,
    type: 'object',
    properties: {
      ...properties,
      'Idempotency-Key': {
        type: 'string',
        minLength: 1,
        maxLength: 255,
        description:
          'Makes the call safe to repeat: the same key and request from the same client within a day answer what the first call answered (no second job, no job start spent); the same key with another request is 422 IDEMPOTENCY_KEY_REUSED. Only JSON answers are kept.',
      },
    },
  };
}

export function documentRoute(document: Transform) {
  const own = document.schema ?? {};
  // The keys only this file reads stay out of what fastify-type-provider-zod converts.
  const {
    multipartFields: _form,
    errors: _errors,
    storedFile,
    plainAnswers,
    answerHeaders: ownHeaders,
    rawBody: _raw,
    ...schema
  } = own;
  const isHead = [document.route.method].flat().includes('HEAD');
  const starts = document.route.config?.startsJob;
  const idempotent = starts?.budget === 'job';
  const facts = { url: document.url, startsJob: Boolean(starts), idempotent, schema: own };
  const response = {
    ...errorAnswers(routeErrorCodes(facts)),
    ...(schema.response as JsonSchema | undefined),
  };
  const transformed = jsonSchemaTransform({ ...document, schema: { ...schema, response } });
  const out = { ...(transformed.schema as JsonSchema), ...requestBody(own) };
  const answers: Record<string, Answer> = Object.fromEntries(
    Object.entries(out.response as Record<string, JsonSchema>).map(([status, entry]) => [
      status,
      asAnswer(entry),
    ]),
  );
  if (storedFile) {
    Object.assign(answers, storedFileAnswers(answers['200']));
    out.headers = rangeHeaders;
  }
  if (idempotent) out.headers = withIdempotencyKey(out.headers as JsonSchema | undefined);
  addPlainAnswers(answers, plainAnswers ?? {});
  for (const [status, answer] of Object.entries(answers)) {
    answer.headers = {
      ...answerHeaders(Number(status), answer, isCounted(document.url), Boolean(storedFile)),
      ...ownHeaders?.every,
      ...ownHeaders?.[Number(status)],
    };
    // A HEAD answer is the GET's without its body.
    if (isHead) answers[status] = { type: 'null', description: answer.description, headers: answer.headers };
  }
  return { ...transformed, schema: { ...out, response: answers } };
}
