// Helpers of the cloud-storage tests: a movable clock, the calls as the page makes them, and the
// bytes behind a link (absolute links are fetched through inject by their path).
import type { CloudStatusResponse, CloudStoreResponse, DownloadTask } from '@grabbit/contracts';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';

export const cloudOn = { FEATURE_CLOUD_STORAGE: 'true' };

/** A clock the app reads for retention and link expiry; tests move it forward. */
export class TestClock {
  private offsetMs = 0;
  readonly now = () => Date.now() + this.offsetMs;
  advance(seconds: number): void {
    this.offsetMs += seconds * 1000;
  }
}

export async function keepDownload(
  app: FastifyInstance,
  url: string,
  options: Record<string, unknown> = {},
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: '/api/cloudstorage/download-and-upload',
    payload: { url, format: 'mp4', quality: 'best', platform: 'youtube', ...options },
  });
}

/** Keeps a result; `remoteAddress` says which client asks (one client by default). */
export async function uploadResult(
  app: FastifyInstance,
  filePath: string,
  options: Record<string, unknown> = {},
  remoteAddress = '127.0.0.1',
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: '/api/cloudstorage/upload',
    payload: { filePath, ...options },
    remoteAddress,
  });
}

export function stored(response: LightMyRequestResponse): CloudStoreResponse {
  if (response.statusCode !== 200) throw new Error(`${response.statusCode}: ${response.body}`);
  return response.json<CloudStoreResponse>();
}

/** GET of a link (absolute or a path) through inject. */
export function fetchLink(app: FastifyInstance, link: string): Promise<LightMyRequestResponse> {
  const url = new URL(link, 'http://localhost');
  return app.inject({ method: 'GET', url: url.pathname + url.search });
}

export async function cloudStatus(app: FastifyInstance, fileKey?: string): Promise<CloudStatusResponse> {
  const query = fileKey ? `?fileKey=${encodeURIComponent(fileKey)}` : '';
  return (await app.inject({ method: 'GET', url: `/api/cloudstorage/status${query}` })).json();
}

export async function taskState(app: FastifyInstance, taskId: string): Promise<DownloadTask> {
  return (await app.inject({ method: 'GET', url: `/api/download/task/${taskId}` })).json();
}
