// The API contract, checked on every answer a test app gives: the harness (test-app.ts) records
// each request and answer (a Fastify onSend hook) and, when the app closes, checks them against the
// document the app serves (/api/openapi.json) with openapi-backend's validator. A failure: an
// operation the document does not list, a status or media type it does not declare for it, a JSON
// body or a header that breaks its schema, a header a browser client reads that is not declared,
// a body where the document says none, or a request the document refuses that was answered 2xx.
import { apiRoutes, isApiPath } from '@grabbit/contracts';
import type { FastifyInstance } from 'fastify';
import addFormats from 'ajv-formats';
import { OpenAPIBackend, SetMatchType, type Document, type Operation } from 'openapi-backend';

interface Exchange {
  method: string;
  path: string;
  query: Record<string, string | string[]>;
  requestHeaders: Record<string, string | string[] | undefined>;
  requestBody: unknown;
  jsonRequest: boolean;
  status: number;
  headers: Record<string, string>;
  mediaType: string;
  /** The body as sent (JSON, text), or 'stream' for a streamed file, or '' for none. */
  body: string;
}

/** Headers a client on another origin may read: each must be documented where it is sent. */
const readableHeaders =
  /^(content-disposition|location|retry-after|ratelimit-.*|upload-.*|tus-.*|x-task-id)$/;

type ResponseObject = { content?: Record<string, unknown>; headers?: Record<string, unknown> };

function bodyText(payload: unknown): string {
  if (payload === null || payload === undefined) return '';
  if (typeof payload === 'string') return payload;
  if (Buffer.isBuffer(payload)) return payload.toString('utf8');
  return 'stream';
}

/**
 * The document's schemas as the validator (Ajv, JSON Schema draft 7) reads them: OpenAPI 3.0
 * writes an exclusive bound as `minimum: n, exclusiveMinimum: true`, draft 7 as `exclusiveMinimum: n`.
 */
function asDraft7(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(asDraft7);
  if (typeof value !== 'object' || value === null) return value;
  const schema = Object.fromEntries(Object.entries(value).map(([key, item]) => [key, asDraft7(item)]));
  for (const [bound, exclusive] of [
    ['minimum', 'exclusiveMinimum'],
    ['maximum', 'exclusiveMaximum'],
  ] as const) {
    if (schema[exclusive] !== true) continue;
    schema[exclusive] = schema[bound];
    delete schema[bound];
  }
  return schema;
}

/** The document and its page are not operations of the API they describe. */
const isApiOperationPath = (path: string) =>
  isApiPath(path) && path !== apiRoutes.openApi && !path.startsWith(apiRoutes.docs);

const flatHeaders = (headers: Record<string, unknown>) =>
  Object.fromEntries(
    Object.entries(headers)
      .filter(([, value]) => value !== undefined)
      .map(([name, value]) => [name.toLowerCase(), [value].flat().join(', ')]),
  );

/** Whether a media type matches a declared one (`image/*` covers `image/png`). */
const mediaMatches = (declared: string, actual: string) =>
  declared === actual || (declared.endsWith('/*') && actual.startsWith(declared.slice(0, -1)));

/**
 * One validator per distinct document, for all the apps of a test file: its schemas compile once
 * (most apps of a file serve the same document).
 */
const backends = new Map<string, Promise<OpenAPIBackend>>();

function backendFor(document: unknown): Promise<OpenAPIBackend> {
  const key = JSON.stringify(document);
  let backend = backends.get(key);
  if (!backend) {
    const api = new OpenAPIBackend({
      definition: asDraft7(document) as Document,
      quick: true,
      // The document's formats (uri, date-time, uuid) are checked, as Fastify checks them.
      customizeAjv: (ajv) => addFormats(ajv),
    });
    backend = api.init().then(() => api);
    backends.set(key, backend);
  }
  return backend;
}

export class ContractCheck {
  private readonly exchanges: Exchange[] = [];

  /** Records every answer of this app; call before it is ready. */
  record(app: FastifyInstance): void {
    app.addHook('onSend', async (request, reply, payload) => {
      // An answer to a client that already went away reaches nobody: nothing to hold to the document.
      if (request.raw.socket?.destroyed) return payload;
      const [path = '', search = ''] = request.url.split('?');
      const contentType = String(request.headers['content-type'] ?? '');
      this.exchanges.push({
        method: request.method,
        path,
        query: Object.fromEntries(new URLSearchParams(search)),
        requestHeaders: request.headers,
        requestBody: request.body,
        jsonRequest: contentType.startsWith('application/json'),
        status: reply.statusCode,
        headers: flatHeaders(reply.getHeaders()),
        mediaType:
          String(reply.getHeader('content-type') ?? '')
            .split(';')[0]
            ?.trim() ?? '',
        body: bodyText(payload),
      });
      return payload;
    });
  }

  /** Every breach of the served document by the recorded exchanges (none: an empty list). */
  async violations(app: FastifyInstance): Promise<string[]> {
    const checked = this.exchanges.filter((exchange) => isApiOperationPath(exchange.path));
    if (checked.length === 0) return [];
    const api = await backendFor(app.swagger());
    return checked.flatMap((exchange) =>
      exchangeViolations(api, exchange).map(
        (problem) => `${exchange.method} ${exchange.path} -> ${exchange.status}: ${problem}`,
      ),
    );
  }
}

function exchangeViolations(api: OpenAPIBackend, exchange: Exchange): string[] {
  const { method, path, status } = exchange;
  const operation = api.router.matchOperation({ method, path, headers: {} });
  // CORS preflights and protocol discovery are the CORS layer's and tus's, not operations.
  if (method === 'OPTIONS') return [];
  // An address or method the API does not have answers so, in the error body.
  if (!operation) return status === 404 || status === 405 ? errorBodyCheck(exchange) : ['no such operation'];
  return [...requestViolations(api, operation, exchange), ...answerViolations(api, operation, exchange)];
}

function errorBodyCheck({ mediaType, body }: Exchange): string[] {
  if (mediaType !== 'application/json') return [`an error answered as ${mediaType || 'no body'}`];
  const parsed = JSON.parse(body) as { code?: unknown; error?: unknown };
  return typeof parsed.code === 'string' && typeof parsed.error === 'string' ? [] : ['not the error body'];
}

function requestViolations(api: OpenAPIBackend, operation: Operation, exchange: Exchange): string[] {
  if (exchange.status >= 300) return [];
  const request = {
    method: exchange.method,
    path: exchange.path,
    query: exchange.query,
    headers: exchange.requestHeaders as Record<string, string | string[]>,
    ...(exchange.jsonRequest ? { body: exchange.requestBody } : {}),
  };
  if (!exchange.jsonRequest && operation.requestBody) return [];
  const result = api.validator.validateRequest(request, operation);
  // Query parameters the document does not name are ignored by every route, not refused.
  const errors = (result.errors ?? []).filter(
    (error) => !(error.keyword === 'additionalProperties' && error.instancePath === '/query'),
  );
  return errors.length === 0
    ? []
    : [`answered 2xx to a request the document refuses: ${JSON.stringify(errors)}`];
}

function answerViolations(api: OpenAPIBackend, operation: Operation, exchange: Exchange): string[] {
  const { status, mediaType, body, headers } = exchange;
  const declared = (operation.responses as Record<string, ResponseObject | undefined>)[String(status)];
  if (!declared) return [`status ${status} is not declared`];
  const problems: string[] = [];
  const types = Object.keys(declared.content ?? {});
  const noBody = exchange.method === 'HEAD' || body === '';
  if (types.length === 0 && !noBody) problems.push(`a body (${mediaType}) where none is declared`);
  if (types.length > 0 && !noBody && !types.some((type) => mediaMatches(type, mediaType)))
    problems.push(`media type ${mediaType} is not declared (${types.join(', ')})`);
  if (mediaType === 'application/json' && !noBody && body !== 'stream') {
    const result = api.validator.validateResponse(JSON.parse(body), operation, status);
    if (!result.valid) problems.push(`body: ${JSON.stringify(result.errors)}`);
  }
  const documented = new Set(Object.keys(declared.headers ?? {}).map((name) => name.toLowerCase()));
  for (const name of Object.keys(headers))
    if (readableHeaders.test(name) && !documented.has(name)) problems.push(`header ${name} is not declared`);
  const headerCheck = api.validator.validateResponseHeaders(headers, operation, {
    statusCode: status,
    // Declared headers may be absent (none is always sent); present ones must match their schema.
    setMatchType: SetMatchType.Any,
  });
  if (!headerCheck.valid) problems.push(`headers: ${JSON.stringify(headerCheck.errors)}`);
  return problems;
}
