// Grabbit's typed client. `api` has every operation of the API document, typed from it
// (schema.ts, generated): `api.POST('/api/download', { body })`, `api.GET('/api/jobs/{jobId}', ...)`.
// Beside it, what a generator cannot make: following a job to its end, resumable uploads and
// checking a webhook's signature.
import createClient from 'openapi-fetch';
import { followJob, type FollowOptions } from './follow-job';
import { uploadResumable, type UploadOptions } from './resumable-upload';
import type { paths } from './schema';

export { GrabbitError } from './errors';
export type { AnswerOf, Job } from './paths';
export type { paths } from './schema';
export { verifyWebhook, type WebhookEvent, type WebhookHeaders } from './webhooks';
export type { FollowOptions, UploadOptions };

export interface GrabbitClientOptions {
  /** The server's origin, e.g. https://grabbit.example (no /api). */
  baseUrl: string;
  /** An API key (sent as a bearer token); anonymous without one, with the public limits. */
  apiKey?: string;
  /** Another fetch (tests, proxies); the global one by default. */
  fetch?: typeof fetch;
}

/** Checked against the document: the tus creation endpoint. */
const uploadsPath: keyof paths = '/api/uploads';

export function createGrabbitClient({ baseUrl, apiKey, fetch: customFetch }: GrabbitClientOptions) {
  const origin = baseUrl.replace(/\/+$/, '');
  const headers: Record<string, string> = apiKey ? { authorization: `Bearer ${apiKey}` } : {};
  const api = createClient<paths>({
    baseUrl: origin,
    headers,
    ...(customFetch ? { fetch: customFetch } : {}),
  });
  return {
    api,
    /** Reads the job until it is done, failed or cancelled; resolves with its last state. */
    followJob: (jobId: string, options?: FollowOptions) => followJob(api, jobId, options),
    /** Sends a file as a resumable upload; resolves with its id, the `UploadId` a conversion takes. */
    uploadResumable: (file: Blob, options: UploadOptions) =>
      uploadResumable(`${origin}${uploadsPath}`, headers, file, options),
  };
}

export type GrabbitClient = ReturnType<typeof createGrabbitClient>;
