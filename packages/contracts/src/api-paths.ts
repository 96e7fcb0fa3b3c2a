// Every /api path, defined once: the server registers these patterns and the pages and links are
// built from them (apiPath). Zod-free, so the browser bundles import it (@grabbit/contracts/api-paths)
// at no cost. A check (apps/server/src/api-path-literals.test.ts) refuses a literal /api path elsewhere.

/** The prefix of every API path: the pages' API base is `{origin}` plus this. */
export const apiPrefix = '/api';

/** Route patterns as Fastify registers them (`:name` marks a path parameter). */
export const apiRoutes = {
  health: '/api/health',
  publicConfig: '/api/config',
  openApi: '/api/openapi.json',
  docs: '/api/docs',
  validateUrl: '/api/validate/url',
  /** Any supported link: the site is picked by the link's host. */
  downloadAnyLink: '/api/download',
  download: '/api/download/:platform',
  downloadInfo: '/api/download/:platform/info',
  downloadMedia: '/api/download/:platform/media',
  downloadTask: '/api/download/task/:taskId',
  downloadFile: '/api/download/file/:fileId',
  thumbnail: '/api/download/thumbnail/:id',
  /** POST /api/download/youtube/playlist, for any page whose catalog entry has playlists. */
  playlist: '/api/download/:platform/playlist',
  batchStart: '/api/download/playlist',
  batchStatus: '/api/download/playlist/:batchId/status',
  batchZip: '/api/download/playlist/:batchId/download',
  convertImage: '/api/convert/image',
  convertAudio: '/api/convert/audio-general',
  convertVideo: '/api/convert/video',
  conversionJob: '/api/convert/jobs/:jobId',
  conversionResult: '/api/convert/result/:fileId',
  /** tus 1.0 resumable uploads: POST creates one here (with or without the trailing slash). */
  uploads: '/api/uploads',
  upload: '/api/uploads/:uploadId',
  cloudDownloadAndUpload: '/api/cloudstorage/download-and-upload',
  cloudUpload: '/api/cloudstorage/upload',
  cloudStatus: '/api/cloudstorage/status',
  cloudDelete: '/api/cloudstorage/delete/:fileKey',
  cloudFile: '/api/cloudstorage/files/:linkId',
  /** The one public job of every kind: list (GET), read (GET /{id}), cancel (DELETE /{id}). */
  jobs: '/api/jobs',
  job: '/api/jobs/:jobId',
  /** An API key's webhook endpoints: create (POST), list (GET), read, change, delete (/{id}). */
  webhooks: '/api/webhooks',
  webhook: '/api/webhooks/:webhookId',
  /** A new signing secret; the old one keeps signing beside it for a while. */
  webhookSecretRotation: '/api/webhooks/:webhookId/rotate-secret',
  webhookDeliveries: '/api/webhooks/:webhookId/deliveries',
  webhookRedelivery: '/api/webhooks/:webhookId/deliveries/:deliveryId/redeliver',
} as const;

/** Route groups by their first segment (the security gate tells work-starting calls by these). */
export const apiAreas = {
  download: `${apiPrefix}/download/`,
  convert: `${apiPrefix}/convert/`,
} as const;

/** Whether a URL or path is under /api/. */
export const isApiPath = (url: string) => url.startsWith(`${apiPrefix}/`);

export type ApiRoute = (typeof apiRoutes)[keyof typeof apiRoutes];

/** The parameter names of a route pattern: "/a/:x/b/:y" gives "x" | "y". */
type RouteParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | RouteParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

/** A concrete path of a route pattern, each parameter URL-encoded. */
export function apiPath<P extends ApiRoute>(route: P, params: Record<RouteParamNames<P>, string>): string {
  const values = params as Record<string, string>;
  return route.replace(/:(\w+)/g, (_match, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`${route}: missing parameter ${name}`);
    return encodeURIComponent(value);
  });
}

/**
 * A full URL of an /api path at the API's origin, from the pages' API base (`{origin}/api`); other
 * paths are taken as under the base.
 */
export function apiUrlAt(apiBase: string, path: string): string {
  const origin = apiBase.endsWith(apiPrefix) ? apiBase.slice(0, -apiPrefix.length) : apiBase;
  if (isApiPath(path)) return `${origin}${path}`;
  return `${apiBase}${path.startsWith('/') ? '' : '/'}${path}`;
}
