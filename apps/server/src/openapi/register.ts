// GET /api/openapi.json: the OpenAPI 3 document of every /api route, made by @fastify/swagger from
// the routes' own zod schemas (http/route-schemas.ts): what a route validates and answers is what
// the document says. GET /api/docs: a readable page of it (Swagger UI). Registered before the
// routes, so @fastify/swagger sees each one.
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { appVersion } from '@grabbit/catalog';
import { apiPrefix, apiRoutes } from '@grabbit/contracts';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';

declare module 'fastify' {
  interface FastifySchema {
    /**
     * Documentation only: the text fields of a multipart upload (the route reads the stream
     * itself, so nothing validates a body before it), documented with the file field InputFile
     * (or, in its place, the form's UploadId).
     */
    multipartFields?: z.ZodObject;
  }
}

type JsonSchema = Record<string, unknown>;
type Transform = Parameters<typeof jsonSchemaTransform>[0];

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

/** Only /api routes are documented (not the document and its page, nor HEAD twins). */
function documented({ url, route }: Transform): boolean {
  const method = Array.isArray(route.method) ? route.method[0] : route.method;
  return (
    url.startsWith(`${apiPrefix}/`) &&
    !url.startsWith(apiRoutes.docs) &&
    url !== apiRoutes.openApi &&
    method !== 'HEAD'
  );
}

function transform(document: Transform) {
  if (!documented(document)) return { schema: { hide: true }, url: document.url };
  const { multipartFields, ...schema } = document.schema ?? {};
  const transformed = jsonSchemaTransform({ ...document, schema });
  if (!multipartFields) return transformed;
  return {
    ...transformed,
    schema: {
      ...transformed.schema,
      body: multipartSchema(multipartFields),
      consumes: ['multipart/form-data'],
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
    transform,
    // Schemas with an id (the error body) become components the routes refer to.
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(swaggerUi, { routePrefix: apiRoutes.docs });
  app.get(apiRoutes.openApi, async (_request, reply) => {
    reply.header('cache-control', 'no-cache');
    return app.swagger();
  });
}
