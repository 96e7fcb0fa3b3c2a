// The path a rule acts on: the route the router matched (its pattern, `/api/download/:platform`),
// or for a path no route matches, the request's path decoded as the router decodes it. Never the
// raw URL, which `/%61pi/config` would let around every rule written for `/api/`. The catch-all
// route (`*`, CORS preflights) matches every path, so it counts as no match: its rules act on the
// path asked for.
import type { FastifyRequest } from 'fastify';

export function routePath(request: FastifyRequest): string {
  const matched = request.routeOptions.url;
  if (matched !== undefined && matched !== '*') return matched;
  const raw = request.url.split('?')[0] ?? '';
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}
