// A wrong method on a known /api path is refused as such: 405 METHOD_NOT_ALLOWED with an Allow
// header naming the methods the path has (HTTP's rule), never 404 as if the path did not exist.
// Fastify's router answers only "no route"; a second router holding every /api route's pattern
// tells which methods a path has.
import { isApiPath } from '@grabbit/contracts';
import type { FastifyInstance } from 'fastify';
import FindMyWay, { type HTTPMethod } from 'find-my-way';
import { AppError } from '../core/app-error';
import { routePath } from './route-path';
import { isTusPath, tusVersion } from './tus-protocol';

const routerMethods: readonly HTTPMethod[] = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];
const asRouterMethod = (method: string) => routerMethods.find((known) => known === method.toUpperCase());

/** Records every /api route as it is added; registered before the routes. */
export function registerAllowedMethods(app: FastifyInstance): void {
  const router = FindMyWay({ ignoreTrailingSlash: true });
  const methods = new Set<HTTPMethod>();
  app.addHook('onRoute', (route) => {
    if (!isApiPath(route.url)) return;
    for (const method of [route.method].flat().map(asRouterMethod)) {
      if (!method) continue;
      methods.add(method);
      router.on(method, route.url, () => undefined);
    }
  });
  const allowedOn = (path: string) => [...methods].filter((method) => router.find(method, path) !== null);

  app.addHook('onRequest', async (request, reply) => {
    const matched = request.routeOptions.url;
    if (matched !== undefined && matched !== '*') return;
    const path = routePath(request);
    if (!isApiPath(path)) return;
    const allowed = allowedOn(path);
    if (allowed.length === 0 || allowed.some((method) => method === request.method)) return;
    void reply.header('allow', allowed.join(', '));
    // Outside the tus routes' own hooks, yet a tus client reads the version on every answer there.
    if (isTusPath(path)) void reply.header('tus-resumable', tusVersion);
    throw new AppError(
      'METHOD_NOT_ALLOWED',
      `${request.method} is not allowed here: use ${allowed.join(', ')}.`,
    );
  });
}
