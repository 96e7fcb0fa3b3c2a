// Security headers on every page and API answer (helmet): a Content-Security-Policy that allows our
// own origin plus exactly the configured ad network and sponsor origins, nosniff, a referrer
// policy and frame-ancestors. Helmet's middleware is built once: the Fastify plugin built it again
// for every request, a tenth of the server's time under load. CORS on /api only, from the
// configured origins (default: the site's own, which needs no CORS at all).
import cors from '@fastify/cors';
import helmet from 'helmet';
import { isApiPath, tusAnswerHeaders, tusRequestHeaders } from '@grabbit/contracts';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config/env';
import { routePath } from '../http/route-path';

/** The origin of a configured address, or nothing when it is empty or not a URL. */
function originOf(address: string): string[] {
  try {
    return address ? [new URL(address).origin] : [];
  } catch {
    return [];
  }
}

const unique = (list: string[]) => [...new Set(list)];

export function contentSecurityPolicy(config: Config): Record<string, string[]> {
  const ads = originOf(config.AD_NETWORK_URL);
  const sponsorScripts = [config.SPONSOR_SCRIPT_REGULAR, config.SPONSOR_SCRIPT_ADULT].flatMap(originOf);
  const sponsorPages = [config.SPONSOR_LINK_REGULAR, config.SPONSOR_LINK_ADULT].flatMap(originOf);
  const backends = config.API_CANDIDATES.flatMap(originOf);
  // The hub's WebSocket to another backend is its origin with ws(s): instead of http(s):.
  const backendSockets = backends.map((origin) => origin.replace(/^http/, 'ws'));
  return {
    defaultSrc: ["'self'"],
    scriptSrc: unique(["'self'", ...ads, ...sponsorScripts]),
    // React writes style attributes into prerendered markup.
    styleSrc: ["'self'", "'unsafe-inline'"],
    // Thumbnails come from the platforms' own image hosts; images never run code.
    imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
    mediaSrc: ["'self'", 'blob:'],
    fontSrc: ["'self'", 'data:'],
    // 'Download All' reads the converted files back from their local links (blob:) to zip them.
    connectSrc: unique(["'self'", 'blob:', ...backends, ...backendSockets, ...ads]),
    // Ads render in the network's iframes; the click-gate opens the sponsor page in a hidden one.
    frameSrc: unique([...ads, ...sponsorPages]).concat(ads.length + sponsorPages.length ? [] : ["'none'"]),
    frameAncestors: ["'self'"],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
  };
}

/**
 * Request headers a client on another origin may send: JSON and forms, an API key, `Prefer`
 * (asynchronous conversions), the tus extensions' headers and the method override of clients
 * behind proxies that allow only GET and POST.
 */
const corsRequestHeaders = [
  'content-type',
  'authorization',
  'prefer',
  'idempotency-key',
  'if-none-match',
  'upload-concat',
  'upload-checksum',
  'x-http-method-override',
  'x-requested-with',
];

/** Answer headers a client on another origin must read: the file's name, limits, job ids, ETags. */
const corsAnswerHeaders = [
  'content-disposition',
  'etag',
  'ratelimit-policy',
  'ratelimit-limit',
  'ratelimit-remaining',
  'ratelimit-reset',
  'retry-after',
  'x-task-id',
];

/** Origins allowed to call /api from a browser. */
export function corsOrigins(config: Config): string[] {
  if (config.CORS_ORIGINS.length > 0) return config.CORS_ORIGINS.flatMap(originOf);
  return originOf(config.PUBLIC_URL ?? '');
}

/** Origins of pages elsewhere that may connect to the hub: the /api ones and the public site's. */
export function hubOrigins(config: Config): string[] {
  return unique([...corsOrigins(config), ...originOf(config.PUBLIC_URL ?? '')]);
}

export async function registerHeaders(app: FastifyInstance, config: Config): Promise<void> {
  const securityHeaders = helmet({
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(config) },
    // Ads and sponsor frames come from other origins and do not send CORP headers.
    crossOriginEmbedderPolicy: false,
    // The click-gate opens sponsor windows and closes them again: it keeps its handle on them.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    // The ad network credits impressions by the page's origin.
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
  app.addHook('onRequest', (request, reply, done) => {
    securityHeaders(request.raw, reply.raw, (error?: unknown) =>
      done(error instanceof Error ? error : undefined),
    );
  });
  const allowed = new Set(corsOrigins(config));
  const options = {
    // PATCH and DELETE, and the tus headers, for resumable uploads from pages on other origins.
    methods: ['GET', 'HEAD', 'POST', 'PATCH', 'DELETE', 'OPTIONS'],
    allowedHeaders: unique([...corsRequestHeaders, ...tusRequestHeaders]),
    exposedHeaders: unique([...corsAnswerHeaders, ...tusAnswerHeaders]),
    maxAge: 600,
    // A bare OPTIONS (no Access-Control-Request-Method) from a listed origin is answered like a
    // preflight, not with the library's plain-text 400.
    strictPreflight: false,
  };
  await app.register(cors, {
    hook: 'onRequest',
    // Only /api answers other origins, and only the listed ones; pages and /health stay same-origin.
    delegator: (request, callback) => {
      const origin = request.headers.origin;
      const listed = isApiPath(routePath(request)) && origin !== undefined && allowed.has(origin);
      callback(null, { ...options, origin: listed ? origin : false });
    },
  });
  // Browsers ignore these on an untrustworthy origin (plain HTTP on a LAN name) and log an error
  // on every page for it; they are sent where they take effect: HTTPS, or localhost.
  app.addHook('onSend', async (request, reply) => {
    if (request.protocol === 'https' || trustworthyHosts.has(request.hostname)) return;
    reply.removeHeader('cross-origin-opener-policy');
    reply.removeHeader('origin-agent-cluster');
  });
}

/** Host names browsers treat as secure contexts even over plain HTTP. */
const trustworthyHosts = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);
