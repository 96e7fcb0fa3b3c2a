// GET /api/openapi.json: the OpenAPI 3 document of every /api route, made by @fastify/swagger from
// the routes' own zod schemas (http/route-schemas.ts) and what the wire has besides them
// (route-document.ts): what a route validates and answers is what the document says. GET
// /api/docs: a readable page of it (Swagger UI). Registered before the routes, so @fastify/swagger
// sees each one.
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { appVersion } from '@grabbit/catalog';
import { apiPrefix, apiRoutes } from '@grabbit/contracts';
import type { FastifyInstance } from 'fastify';
import type { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { clientPaths, type Paths } from './document-paths';
import { documentRoute } from './route-document';

type Transform = Parameters<typeof jsonSchemaTransform>[0];
type TransformObject = Parameters<typeof jsonSchemaTransformObject>[0];

/** Only /api routes are documented (not the document and its page), HEAD twins included. */
function documented({ url }: Transform): boolean {
  return url.startsWith(`${apiPrefix}/`) && !url.startsWith(apiRoutes.docs) && url !== apiRoutes.openApi;
}

function transform(document: Transform) {
  if (!documented(document)) return { schema: { hide: true }, url: document.url };
  return documentRoute(document);
}

interface Components {
  schemas?: Record<string, unknown>;
  requestBodies?: Record<string, unknown>;
  responses?: Record<string, unknown>;
}

/** The component schemas the paths refer to, directly or through another component. */
function usedSchemas(referring: unknown, components: Components | undefined): Record<string, unknown> {
  const all = Object.entries(components?.schemas ?? {});
  let text = JSON.stringify(referring);
  let used: typeof all = [];
  for (;;) {
    const found = all.filter(([name]) => text.includes(`"#/components/schemas/${name}"`));
    if (found.length === used.length) return Object.fromEntries(found);
    used = found;
    text += JSON.stringify(Object.fromEntries(found));
  }
}

/**
 * Shared schemas (the error body) as components, only those an operation refers to (the zod
 * registry also has each one's input twin), and the paths as clients call them.
 */
function transformObject(document: TransformObject) {
  const object = jsonSchemaTransformObject(document) as { paths?: Paths; components?: Components };
  const { paths, shared } = clientPaths(object.paths ?? {});
  const components = { ...object.components, ...shared };
  return {
    ...object,
    paths,
    components: { ...components, schemas: usedSchemas([paths, shared], components) },
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
          '(Authorization: Bearer) brings its own limits. A wrong method on a listed path answers 405 with ' +
          'Allow; browsers on the origins in CORS_ORIGINS may call every operation.',
        license: { name: 'Proprietary: all rights reserved' },
      },
      // Relative: the document describes the server that serves it, whatever its address.
      servers: [{ url: '/', description: 'This server' }],
      components: { securitySchemes: { apiKey: { type: 'http', scheme: 'bearer' } } },
      security: [{}, { apiKey: [] }],
    },
    // HEAD is served beside every GET (and on tus uploads): it is documented too.
    exposeHeadRoutes: true,
    transform,
    transformObject,
  });
  await app.register(swaggerUi, { routePrefix: apiRoutes.docs });
  app.get(apiRoutes.openApi, async (_request, reply) => {
    reply.header('cache-control', 'no-cache');
    return app.swagger();
  });
}
