// A start's `callbackUrl`: accepted only when it is the URL of a webhook endpoint the calling API
// key registered (else 400 CALLBACK_URL_NOT_REGISTERED, before any work); the job's record then
// names that endpoint, which alone gets the job's events (webhooks/job-events.ts). Read once the
// JSON body is validated, on the request's slot: the record its feature takes over as the job.
import { apiRoutes } from '@grabbit/contracts';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../core/app-error';
import type { JobRecords } from '../jobs/job-records';
import type { WebhookStore } from '../webhooks/webhook-store';
import { isIdempotentRetry } from './idempotency';

const notRegistered = () =>
  new AppError(
    'CALLBACK_URL_NOT_REGISTERED',
    `callbackUrl: not the URL of a webhook endpoint this API key registered (POST ${apiRoutes.webhooks} first).`,
  );

function callbackUrlOf(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null || !('callbackUrl' in body)) return undefined;
  return typeof body.callbackUrl === 'string' ? body.callbackUrl : undefined;
}

export function callbackUrlHook(webhooks: WebhookStore, records: JobRecords) {
  return async (request: FastifyRequest): Promise<void> => {
    const asked = callbackUrlOf(request.body);
    if (asked === undefined || isIdempotentRetry(request)) return;
    if (!request.apiKey) throw notRegistered();
    let href: string;
    try {
      href = new URL(asked).href;
    } catch {
      throw notRegistered();
    }
    const endpoints = await webhooks.listEndpoints(request.apiKey.clientKey);
    const endpoint = endpoints.find((known) => known.url === href);
    if (!endpoint) throw notRegistered();
    const slot = request.jobSlot;
    if (slot) await records.update(slot.id, (current) => ({ ...current, webhookEndpoint: endpoint.id }));
  };
}
