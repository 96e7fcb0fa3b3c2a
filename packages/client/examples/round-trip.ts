// What an integrator's program does with the typed client, in strict TypeScript and without a
// cast: register a webhook, download a link (the site picked by the server), convert a file sent
// as a resumable upload, fetch both results, and check a delivered webhook's signature. The client
// tests run it against a real server.
import {
  createGrabbitClient,
  GrabbitError,
  verifyWebhook,
  type GrabbitClient,
  type Job,
  type WebhookEvent,
  type WebhookHeaders,
} from '../src';

export interface RoundTripInput {
  baseUrl: string;
  /** A link of any supported site. */
  link: string;
  /** An image to convert to JPEG. */
  image: Blob;
  imageName: string;
  apiKey?: string;
  /** With an API key: a receiver registered before the jobs start, which gets their events. */
  webhookUrl?: string;
}

export interface Fetched {
  job: Job;
  bytes: Uint8Array;
  contentType: string;
}

/** The finished job's result, fetched from its link. */
async function fetchResult(baseUrl: string, job: Job): Promise<Fetched> {
  if (job.status !== 'done' || !job.result)
    throw new Error(`job ${job.id} ended ${job.status}: ${job.error?.message}`);
  const response = await fetch(new URL(job.result.url, baseUrl));
  if (!response.ok) throw new Error(`result of ${job.id}: HTTP ${response.status}`);
  return {
    job,
    bytes: new Uint8Array(await response.arrayBuffer()),
    contentType: response.headers.get('content-type') ?? '',
  };
}

export async function downloadLink(client: GrabbitClient, baseUrl: string, link: string): Promise<Fetched> {
  const { data, error, response } = await client.api.POST('/api/download', {
    body: { url: link, format: 'mp4' },
  });
  if (!data || typeof data !== 'object' || !('taskId' in data)) throw GrabbitError.from(response, error);
  return fetchResult(baseUrl, await client.followJob(data.taskId));
}

export async function convertUpload(
  client: GrabbitClient,
  baseUrl: string,
  image: Blob,
  name: string,
): Promise<Fetched> {
  const uploadId = await client.uploadResumable(image, { name });
  const { data, error, response } = await client.api.POST('/api/convert/image', {
    // The job at once (202), followed like any other, rather than the file when it is quick.
    params: { header: { prefer: 'respond-async, wait=0' } },
    body: { UploadId: uploadId, OutputFormat: 'jpg' },
    bodySerializer: (fields) => {
      const form = new FormData();
      for (const [key, value] of Object.entries(fields))
        if (typeof value === 'string') form.append(key, value);
      return form;
    },
  });
  if (!data || !('jobId' in data)) throw GrabbitError.from(response, error);
  return fetchResult(baseUrl, await client.followJob(data.jobId));
}

/** Registers a webhook endpoint: its id and the signing secret, shown only now. */
export async function registerWebhook(
  client: GrabbitClient,
  url: string,
): Promise<{ id: string; secret: string }> {
  const { data, error, response } = await client.api.POST('/api/webhooks', {
    body: { url, events: ['job.completed', 'job.failed'] },
  });
  if (!data) throw GrabbitError.from(response, error);
  return { id: data.id, secret: data.secret };
}

/** A delivery as the receiver got it: the event when the secret signed it, else it throws. */
export function checkDelivery(secret: string, body: string, headers: WebhookHeaders): WebhookEvent {
  return verifyWebhook(secret, body, headers);
}

export interface RoundTripResult {
  download: Fetched;
  conversion: Fetched;
  /** The registered endpoint's secret, when a webhook was asked for. */
  webhookSecret?: string;
}

export async function roundTrip(input: RoundTripInput): Promise<RoundTripResult> {
  const client = createGrabbitClient({
    baseUrl: input.baseUrl,
    ...(input.apiKey ? { apiKey: input.apiKey } : {}),
  });
  const webhook = input.webhookUrl ? await registerWebhook(client, input.webhookUrl) : undefined;
  const download = await downloadLink(client, input.baseUrl, input.link);
  const conversion = await convertUpload(client, input.baseUrl, input.image, input.imageName);
  return { download, conversion, ...(webhook ? { webhookSecret: webhook.secret } : {}) };
}
