// GET /api/openapi.json: the OpenAPI 3 document of every /api route, generated from the routes
// Fastify has and the zod schemas they validate with (route-docs.ts); GET /api/docs: a readable
// page of it (Swagger UI). Registered before the routes, so @fastify/swagger sees each one.
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { appVersion } from '@grabbit/catalog';
import { errorCodes } from '@grabbit/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { cloudRouteDocs } from './cloud-route-docs';
import { commonErrors, routeDocs, type RouteDoc } from './route-docs';

export const openApiPath = '/api/openapi.json';
export const docsPrefix = '/api/docs';

type JsonSchema = Record<string, unknown>;

function jsonSchemaOf(schema: z.ZodType): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, {
    target: 'openapi-3.0',
    io: 'input',
    unrepresentable: 'any',
  }) as JsonSchema;
  return rest;
}

const errorBody: JsonSchema = {
  description: 'The error: a human message (error, Error) and a stable code',
  type: 'object',
  required: ['success', 'error', 'Error', 'code'],
  properties: {
    success: { type: 'boolean', enum: [false] },
    error: { type: 'string' },
    Error: { type: 'string' },
    code: { type: 'string', enum: [...errorCodes] },
  },
};

/** "/api/download/:platform" as the document writes it: "/api/download/{platform}". */
const documentPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');

function answerSchema(doc: RouteDoc | undefined): JsonSchema {
  const answer = doc?.answer;
  if (!answer) return { description: 'OK', type: 'object', additionalProperties: true };
  if ('file' in answer)
    return {
      description: 'The file, as an attachment',
      content: { [answer.file]: { schema: { type: 'string', format: 'binary' } } },
    };
  return { description: 'OK', ...jsonSchemaOf(answer) };
}

function paramsSchema(url: string): JsonSchema | undefined {
  const names = [...url.matchAll(/:(\w+)/g)].map((match) => match[1] ?? '');
  if (names.length === 0) return undefined;
  return {
    type: 'object',
    required: names,
    properties: Object.fromEntries(names.map((name) => [name, { type: 'string' }])),
  };
}

function multipartSchema(fields: z.ZodObject): JsonSchema {
  const form = jsonSchemaOf(fields) as { properties?: JsonSchema; required?: string[] };
  return {
    type: 'object',
    required: [...(form.required ?? []), 'InputFile'],
    properties: { ...form.properties, InputFile: { type: 'string', format: 'binary' } },
  };
}

/** The document's view of one route: its input, answer and errors. */
export function describeRoute(method: string, url: string): JsonSchema {
  const key = `${method} ${documentPath(url)}`;
  const doc = routeDocs[key] ?? cloudRouteDocs[key];
  const errors = [...new Set([...commonErrors, ...(doc?.errors ?? [])])].sort();
  const params = paramsSchema(url);
  return {
    summary: doc?.summary ?? 'Undocumented route',
    tags: [doc?.tag ?? 'service'],
    ...(params ? { params } : {}),
    ...(doc?.body ? { body: jsonSchemaOf(doc.body) } : {}),
    ...(doc?.multipart ? { body: multipartSchema(doc.multipart), consumes: ['multipart/form-data'] } : {}),
    response: {
      200: answerSchema(doc),
      ...Object.fromEntries(errors.map((status) => [status, errorBody])),
    },
  };
}

export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Grabbit API',
        version: appVersion,
        description:
          'Downloads from 14 sites and file conversions. Anonymous use is limited per client; an API key ' +
          '(Authorization: Bearer) brings its own limits.',
      },
      components: { securitySchemes: { apiKey: { type: 'http', scheme: 'bearer' } } },
      security: [{}, { apiKey: [] }],
    },
    transform: ({ url, route }) => {
      const method = Array.isArray(route.method) ? route.method[0] : route.method;
      const documented =
        url.startsWith('/api/') && !url.startsWith(docsPrefix) && url !== openApiPath && method !== 'HEAD';
      if (!documented || !method) return { schema: { hide: true }, url };
      return { schema: describeRoute(method, url), url };
    },
  });
  await app.register(swaggerUi, { routePrefix: docsPrefix });
  app.get(openApiPath, async (_request, reply) => {
    reply.header('cache-control', 'no-cache');
    return app.swagger();
  });
}
