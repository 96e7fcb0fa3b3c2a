// Serves the built pages: each route's prerendered HTML, the hashed assets, and the 404 page with
// HTTP status 404. Unknown /api/* paths answer JSON with a stable code instead.
import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { routes } from '@grabbit/catalog';
import { apiErrorBody, apiPrefix, isApiPath } from '@grabbit/contracts';
import type { FastifyInstance } from 'fastify';
import { routePath } from '../http/route-path';

/** Where the prerender step writes a route's HTML: / -> index.html, /x -> x/index.html. */
function prerenderedFile(routePath: string): string {
  return routePath === '/' ? 'index.html' : `${routePath.slice(1)}/index.html`;
}

export async function registerPages(app: FastifyInstance, distDir: string): Promise<void> {
  const hasBuild = existsSync(path.join(distDir, 'index.html'));
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: distDir,
      index: false,
      // Every built file (assets, sitemap.xml, robots.txt) gets its own route at start-up.
      wildcard: false,
      // The build writes .br and .gz copies (apps/web/scripts/compress.ts); sent when the browser accepts them.
      preCompressed: true,
      // Hashed assets never change; pages are revalidated.
      setHeaders: (reply, filePath) => {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
    for (const route of routes) {
      for (const pagePath of [route.path, ...(route.aliases ?? [])]) {
        app.get(pagePath, (_request, reply) => reply.sendFile(prerenderedFile(pagePath)));
      }
    }
  } else {
    app.log.warn({ distDir }, 'no web build found: pages are not served (run npm run build)');
  }

  app.setNotFoundHandler((request, reply) => {
    const path = routePath(request);
    if (isApiPath(path) || path === apiPrefix || !hasBuild || request.method !== 'GET') {
      return reply
        .status(404)
        .send(apiErrorBody('NOT_FOUND', `No such address: ${request.method} ${request.url.split('?')[0]}`));
    }
    return reply.status(404).sendFile('404.html');
  });
}
